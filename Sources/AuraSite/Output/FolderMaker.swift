import Foundation
import Synchronization

/// Makes the folders of the staging tree, each once. Asking the file system for every file's
/// folder and all of its parents again costs a large build more than writing the files.
final class FolderMaker: Sendable {
    private let root: String
    private let made = Mutex<Set<String>>([""])

    /// `root` is the folder everything is made in; it exists already.
    init(root: URL) {
        self.root = root.path
    }

    /// Makes the folder holding `relativePath` (a file's path relative to the root) and any
    /// of its missing parents.
    func makeFolder(of relativePath: String) throws {
        try make(relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) } ?? "")
    }

    private func make(_ folder: String) throws {
        if made.withLock({ $0.contains(folder) }) { return }
        try makeFolder(of: folder)
        let path = root + "/" + folder
        // Another thread may have made it a moment ago.
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw SiteError(message: "cannot make the folder \(path): \(String(cString: strerror(errno)))")
        }
        made.withLock { _ = $0.insert(folder) }
    }
}
