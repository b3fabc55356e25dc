import Foundation

/// Every file below a folder, found with `readdir` and `lstat`: one system call per entry,
/// where `FileManager`'s enumerator makes URLs and asks again for each file's kind.
enum DirectoryWalk {
    /// Visits each file below `root` (at any depth, in sorted order, not into linked folders)
    /// by its path relative to `root`, with its status; a link to a file gives the file's.
    static func files(under root: String, _ visit: (_ relativePath: String, _ status: stat) -> Void) {
        walk(root, relative: "", statusNeeded: true, visit)
    }

    /// Every file below `root` by relative path, sorted; regular files are told by the folder's
    /// own listing, without a `stat` each.
    static func files(under root: String) -> [String] {
        var files: [String] = []
        walk(root, relative: "", statusNeeded: false) { path, _ in files.append(path) }
        return files
    }

    private static func walk(_ path: String, relative: String, statusNeeded: Bool, _ visit: (String, stat) -> Void) {
        guard let directory = opendir(path) else { return }
        var names: [(name: String, isRegularFile: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append((name, entry.pointee.d_type == UInt8(DT_REG))) }
        }
        closedir(directory)
        for (name, isRegularFile) in names.sorted(by: { $0.name < $1.name }) {
            if isRegularFile && !statusNeeded {
                visit(relative + name, stat())
                continue
            }
            let full = path + "/" + name
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                walk(full, relative: relative + name + "/", statusNeeded: statusNeeded, visit)
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard stat(full, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            }
            visit(relative + name, status)
        }
    }
}
