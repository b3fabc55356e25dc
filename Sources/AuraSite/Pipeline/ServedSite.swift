import Foundation
import Platform
import SiteEngine
import Synchronization

/// A site built in memory for `aura serve`: the files it keeps (by path under the site root,
/// without a leading slash), and its pages ready to render again with a session. Nothing of
/// it is written to disk; the next build after a change takes over every file and page whose
/// inputs did not change.
public struct ServedSite: Sendable {
    /// One file as the server answers with it.
    public struct File: Sendable {
        public let data: Data
        /// The SHA-256 of `data` in hex: a strong validator.
        public let digest: String
    }

    /// The pages, ready to render with a session.
    public let live: LiveSite
    private let files: [String: File]
    /// Every folder that holds a kept file, with its trailing slash (`culture/`).
    private let folders: Set<String>
    /// What each file was made from, for the next build to carry unchanged ones over.
    let record: BuildManifest

    init(live: LiveSite, files: [String: File], record: BuildManifest) {
        self.live = live
        self.files = files
        self.record = record
        var folders: Set<String> = []
        for path in files.keys {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder) + "/").inserted else { break }
            }
        }
        self.folders = folders
    }

    /// The file at `path` (`culture/index.html`); nil when the site keeps none there.
    public func file(at path: String) -> File? { files[path] }

    /// Whether `path` (`culture`, `culture/`) is a folder holding files.
    public func isFolder(_ path: String) -> Bool {
        folders.contains(path.hasSuffix("/") ? path : path + "/")
    }
}

extension SiteBuilder {
    /// Builds the site in memory, keeping the files `keeps` accepts (by path under the site
    /// root): every step of `build`, writing nothing to disk. Pages and files whose inputs are
    /// those `previous` was made from are carried over from it rather than rendered again.
    public func buildServed(previous: ServedSite?, keeps: @escaping @Sendable (String) -> Bool) async throws
        -> ServedSite
    {
        let written = Mutex<[String: ServedSite.File]>([:])
        let kept = previous
        var options = options
        options.fileSystem.openOutput = { _, _, _ in
            SiteOutput(
                write: { data, path in
                    let stamp = FileStamp(contentsOf: data)
                    if keeps(path) {
                        written.withLock { $0[path] = ServedSite.File(data: data, digest: stamp.bytes.hex) }
                    }
                    return stamp
                },
                // The record is kept in memory too (`ServedSite.record`), from the build's state.
                writeRecord: { _ in },
                // Memory does not change under a build: what the previous build recorded is there as written.
                reuse: { files in
                    files.map { path, _ in
                        guard keeps(path) else { return kept?.record[path] != nil }
                        guard let file = kept?.file(at: path) else { return false }
                        written.withLock { $0[path] = file }
                        return true
                    }
                },
                commit: {}, discard: {})
        }
        var state = BuildState(options: options, mode: .build(waiting: { _ in }), progress: { _ in })
        state.previousBuild = previous?.record ?? BuildManifest()
        try await SiteBuilder(options: options).run(&state)
        return ServedSite(live: try LiveSite(state: state), files: written.withLock { $0 }, record: state.thisBuild)
    }
}
