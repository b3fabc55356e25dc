import Foundation
import Synchronization

/// The files a build puts in its staging folder, and the folders they need, each made once.
/// Asking the file system for every file's folder and all its parents again, or walking the
/// finished tree to list what was written, costs a large build more than writing the files.
final class StagingTree: Sendable {
    private struct Contents {
        var folders: Set<String> = [""]
        var files: Set<String> = []
    }

    private let root: String
    private let contents = Mutex(Contents())

    /// `root` is the staging folder; it exists already.
    init(root: URL) {
        self.root = root.path
    }

    /// Every file placed so far, by relative path, sorted.
    var files: [String] { contents.withLock { $0.files.sorted() } }

    /// Makes the folder for the file at `relativePath` and any missing parent, and records the
    /// file as the build's.
    func place(_ relativePath: String) throws {
        try make(folder(of: relativePath))
        contents.withLock { _ = $0.files.insert(relativePath) }
    }

    private func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    private func make(_ folder: String) throws {
        if contents.withLock({ $0.folders.contains(folder) }) { return }
        try make(self.folder(of: folder))
        let path = root + "/" + folder
        // Another thread may have made it a moment ago.
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw SiteError(message: "cannot make the folder \(path): \(String(cString: strerror(errno)))")
        }
        contents.withLock { _ = $0.folders.insert(folder) }
    }
}
