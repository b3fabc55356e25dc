import Foundation

/// A rebuild with nothing to do: when every input (content, theme, this `aura`, the base URL
/// given) bears the stamps the previous build recorded, and every file that build wrote is
/// still as written, the site in the output folder is exactly what a build would make, so it
/// is left as it is — nothing loaded, rendered or linked.
enum UnchangedSite {
    /// The digest `options`' inputs have now; nil where stamps mean nothing (memory) or where
    /// an input is not a file: a private site's passphrase comes from the environment, and no
    /// digest of it may sit in the published folder, so such a site is always built (sealing
    /// still keeps every unchanged sealed file byte for byte).
    static func inputs(of options: BuildOptions) -> String? {
        guard options.fileSystem.stampsInputs else { return nil }
        guard let configuration = try? SiteConfiguration.load(contentDirectory: options.contentDirectory, in: options.fileSystem),
              configuration.privatePassphraseEnv == nil else { return nil }
        return InputStamps.digest(of: [options.contentDirectory, options.templatesDirectory],
                                  extra: "base-url \(options.baseURL?.absoluteString ?? "-")")
    }

    /// What the previous build reported, when `inputs` are the ones it was made from and its
    /// files are untouched; nil when the site must be built. Holds the output's lock while it
    /// looks, so a build running meanwhile is waited for rather than half seen, and removes
    /// what killed builds left, as every build does.
    static func report(_ options: BuildOptions, inputs: String?,
                       waiting: @escaping @Sendable (String) -> Void) throws -> BuildReport? {
        guard let inputs else { return nil }
        let destination = options.outputDirectory.standardizedFileURL
        let lock = try FileLock.exclusive(OutputDirectory.lockFile(of: destination)) {
            waiting("waiting for another build of \(ContentFile.displayPath(destination)) to finish …")
        }
        defer { lock.release() }
        try OutputDirectory.removeLeftovers(of: destination.lastPathComponent, in: destination.deletingLastPathComponent())
        let previous = BuildManifest(in: destination, fileSystem: options.fileSystem)
        // A journal means a killed rebuild left files to remove and a marker to write.
        guard !FileManager.default.fileExists(atPath: OutputDirectory.journalFile(of: destination).path),
              previous.inputs == inputs, !previous.records.isEmpty,
              previous.records.allSatisfy({ OutputDirectory.stamp(destination.appendingPathComponent($0.key).path) == $0.value.stamp })
        else { return nil }
        return BuildReport(pageCount: previous.records.values.count { $0.key != BuildManifest.notAPage },
                           fileCount: previous.records.count, notices: [BuildState.publicPagesNotice])
    }
}
