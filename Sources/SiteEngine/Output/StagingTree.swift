import Foundation
import Synchronization

/// The files a build puts in its staging folder, and the folders they need. Asking the file
/// system for every file's folder and all its parents again, or walking the finished tree to
/// list what was written, costs a large build more than writing the files.
package final class StagingTree: Sendable {
    private let root: String
    private let placed = Mutex<Set<String>>([])

    /// `root` is the staging folder; it exists already.
    package init(root: URL) {
        self.root = root.path
    }

    /// Where the file at `relativePath` goes: joined as a string, since a `URL` would ask the
    /// file system whether each name is a folder.
    package func path(of relativePath: String) -> String {
        root + "/" + relativePath
    }

    /// Every file placed so far, by relative path, sorted.
    package var files: [String] { placed.withLock { $0.sorted() } }

    /// Makes the folder for the file at `relativePath` and any missing parent, and records the
    /// file as the build's.
    package func place(_ relativePath: String) throws {
        try make(folder(of: relativePath[...]))
        placed.withLock { _ = $0.insert(relativePath) }
    }

    private func folder(of path: Substring) -> Substring {
        path.lastIndex(of: "/").map { path[..<$0] } ?? path[path.startIndex..<path.startIndex]
    }

    /// One `mkdir` for a file in a folder of its own, as each culture entry's page is, and its
    /// parents only when that finds them missing. Remembering the folders made instead cost a
    /// string per page (2 MB at 20,000 entries) and saved nothing for those folders.
    private func make(_ folder: Substring) throws {
        guard !folder.isEmpty else { return }
        try PublicModes.makeFolder(root + "/" + folder)
    }
}
