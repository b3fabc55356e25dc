import Diagnostics
import Foundation
import Platform

/// A rebuild with nothing to do: when every input (content, theme, this executable, the base URL
/// given) bears the stamps the previous build recorded, and every file that build wrote is
/// still as written, the site in the output folder is exactly what a build would make, so it
/// is left as it is — nothing loaded, rendered or linked.
enum UnchangedSite {
    /// The stamps `site`'s inputs have now; nil where stamps mean nothing (memory) or where
    /// an input is not a file (`SiteDefinition.inputsAreFiles`): such a site is always built.
    static func inputs<Site: SiteDefinition>(of site: Site) -> InputStamps? {
        let sources = site.sources
        guard sources.fileSystem.stampsInputs, let settings = try? site.readSettings(), site.inputsAreFiles(settings)
        else { return nil }
        return InputStamps(
            content: sources.contentDirectory, templates: sources.templatesDirectory,
            // Often links to folders beside the content (`docs -> ../docs`), which the walk does not follow.
            others: site.otherInputFolders.map { $0.resolvingSymlinksInPath() },
            extra: "base-url \(sources.baseURL?.absoluteString ?? "-")")
    }

    /// What the previous build reported (`unchanged`), when `inputs` (`UnchangedSite.inputs`,
    /// awaited once the previous build's record is read: they are taken meanwhile) are the ones
    /// it was made from and its files are untouched; nil when the site must be built, with the
    /// `previous` build's record it read for the build to use. Holds the output's lock while it
    /// looks, so a build running meanwhile is waited for rather than half seen, and removes what
    /// killed builds left, as every build does.
    static func report<Site: SiteDefinition>(
        _ site: Site, inputs: () async -> String?,
        waiting: @escaping @Sendable (String) -> Void
    ) async throws -> (unchanged: BuildReport?, previous: BuildManifest?) {
        let sources = site.sources
        guard sources.fileSystem.stampsInputs else { return (nil, nil) }
        let destination = sources.outputDirectory.standardizedFileURL
        try FileManager.default.createDirectory(
            at: OutputDirectory.stateFolder(of: destination), withIntermediateDirectories: true)
        let lock = try FileLock.exclusive(OutputDirectory.lockFile(of: destination)) {
            waiting("waiting for another build of \(displayPath(destination)) to finish …")
        }
        defer { lock.release() }
        try OutputDirectory.removeLeftovers(of: destination)
        let previous = BuildManifest(of: destination, fileSystem: sources.fileSystem, entryLineTag: Site.entryLineTag)
        // A journal means a killed rebuild left files to remove and a marker to write.
        guard let inputs = await inputs(),
            !FileManager.default.fileExists(atPath: OutputDirectory.journalFile(of: destination).path),
            previous.inputs == inputs, previous.count > 0,
            outputsAreAsWritten(previous, in: destination.path + "/")
        else { return (nil, previous) }
        return (
            BuildReport(
                pageCount: previous.files.count { $0.record.key != nil },
                fileCount: previous.count, notices: site.noticesWhenUnchanged), previous
        )
    }

    /// Whether every file `record` lists still bears the stamp it was written with, looked at
    /// on every core.
    private static func outputsAreAsWritten(_ record: BuildManifest, in folder: String) -> Bool {
        let files = record.files
        return DirectoryWalk.withFolder(folder) { descriptor in
            [Bool](concurrentlyMapping: files.count) { index in
                OutputDirectory.stamp(files[index].path, in: descriptor).map { $0 == files[index].record.stamp } == true
            }
        }.allSatisfy { $0 }
    }
}
