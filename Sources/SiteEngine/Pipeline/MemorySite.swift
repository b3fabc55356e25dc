import Foundation
import Platform
import Synchronization

/// A site built in memory (`SiteBuild.buildInMemory`): the files it keeps, by path under the
/// site root without a leading slash. Nothing of it is written to disk; the next build after
/// a change takes over every file and page whose inputs did not change.
public struct MemorySite: Sendable {
    /// One file as a server answers with it.
    public struct File: Sendable {
        public let data: Data
        /// The SHA-256 of `data` in hex: a strong validator.
        public let digest: String

        /// `data`, with its digest.
        package init(data: Data) {
            self.init(data: data, stamp: FileStamp(contentsOf: data))
        }

        /// `data`, whose `FileStamp(contentsOf:)` is `stamp`.
        init(data: Data, stamp: FileStamp) {
            self.data = data
            digest = stamp.bytes.hex
        }
    }

    private let files: [String: File]
    /// Every folder that holds a kept file, with its trailing slash (`culture/`).
    private let folders: Set<String>
    /// What each file was made from, for the next build to carry unchanged ones over.
    let record: BuildManifest

    init(files: [String: File], record: BuildManifest) {
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

    /// The files a build in memory writes, as they are written.
    final class Files: Sendable {
        private let written = Mutex<[String: File]>([:])

        var kept: [String: File] { written.withLock { $0 } }

        /// An output that keeps every file and takes those of `previous` over.
        func output(previous: MemorySite?) -> SiteOutput {
            SiteOutput(
                write: { [self] data, path in
                    let stamp = FileStamp(contentsOf: data)
                    written.withLock { $0[path] = File(data: data, stamp: stamp) }
                    return stamp
                },
                // The record is kept in memory too (`MemorySite.record`).
                writeRecord: { _ in },
                // Memory does not change under a build: what the previous build recorded is there as written.
                reuse: { [self] files in
                    files.map { path, _ in
                        guard let file = previous?.file(at: path) else { return false }
                        written.withLock { $0[path] = file }
                        return true
                    }
                },
                commit: {}, discard: {})
        }
    }
}
