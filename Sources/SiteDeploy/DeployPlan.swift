import SiteEngine

/// What one deploy changes on the target, decided from the site and the target's manifest
/// alone, before anything is sent: the files to send in the order that keeps every page's
/// assets in place (fingerprinted assets, then other files, pages last), the files to delete
/// after them, and the manifest to leave behind.
package struct DeployPlan: Sendable, Equatable {
    /// The order files are sent in; each phase is complete before the next starts.
    package enum Phase: Int, Sendable, Comparable, CaseIterable {
        case assets, others, pages

        package static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }

        /// Fingerprinted files under `assets/` first, HTML pages last, everything else between.
        static func of(_ path: String) -> Phase {
            if path.hasPrefix("assets/") && PublishedFile.isFingerprinted(path) { return .assets }
            return path.hasSuffix(".html") ? .pages : .others
        }
    }

    /// One file to send, with its headers.
    package struct Upload: Sendable, Equatable {
        package let file: SiteFile
        package let phase: Phase
        package let contentType: String
        package let cacheControl: String
    }

    /// In sending order: by phase, then by path.
    package private(set) var uploads: [Upload] = []
    /// Files already on the target as they are.
    package private(set) var unchanged = 0
    /// Paths to delete once every upload is done: files the site no longer has, and assets
    /// retired by the deploy before.
    package private(set) var deletions: [String] = []
    /// Fingerprinted assets the site no longer has, left on the target for one more deploy.
    package private(set) var retiring: [String] = []
    /// The manifest once the plan is carried out.
    package private(set) var manifest = DeployManifest()
    /// Whether the target's manifest must be written: false when it already says all of
    /// `manifest`, so a deploy with nothing changed sends nothing at all.
    package private(set) var changesManifest = true

    /// The plan for sending `site` to a target that holds what `published` says (nil: nothing
    /// known, so every file is sent), with the headers `rules` give.
    package init(site: [SiteFile], published: DeployManifest?, rules: [HeaderRule]) {
        let before = published?.files ?? [:]
        for file in site {
            let (contentType, cacheControl) = HeaderRule.headers(of: file.path, under: rules)
            let entry = DeployManifest.Entry(sha256: file.sha256, contentType: contentType, cacheControl: cacheControl)
            manifest.files[file.path] = entry
            var held = before[file.path]
            held?.retired = nil
            if held == entry {
                unchanged += 1
            } else {
                uploads.append(
                    Upload(
                        file: file, phase: Phase.of(file.path), contentType: contentType, cacheControl: cacheControl))
            }
        }
        let present = Set(site.map(\.path))
        for (path, entry) in before where !present.contains(path) {
            if entry.retired != true && Phase.of(path) == .assets {
                retiring.append(path)
                manifest.files[path] = DeployManifest.Entry(
                    sha256: entry.sha256, contentType: entry.contentType, cacheControl: entry.cacheControl,
                    retired: true)
            } else {
                deletions.append(path)
            }
        }
        changesManifest = published != manifest
        uploads.sort { ($0.phase, $0.file.path) < ($1.phase, $1.file.path) }
        deletions.sort()
        retiring.sort()
    }

    /// The bytes the uploads send.
    package var bytes: Int { uploads.reduce(0) { $0 + $1.file.size } }

    /// Fails, before anything has changed, when the plan deletes more than `maximum` files and
    /// the deploy was not forced.
    package func checkDeletions(maximum: Int, force: Bool) throws(DeployError) {
        guard !force, deletions.count > maximum else { return }
        throw DeployError(
            "this deploy would delete \(deletions.count) files, more than --max-deletes \(maximum); "
                + "nothing was changed (run again with --force, or a higher --max-deletes, if that is meant)")
    }
}
