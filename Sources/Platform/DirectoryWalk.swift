import Foundation

/// Every file below a folder, found with `readdir`, and the stamps of files looked up from an
/// open folder: `FileManager`'s enumerator makes URLs and asks again for each file's kind, and
/// a `stat` by a full path walks every folder above the file again.
public enum DirectoryWalk {
    /// Every file below `root` (at any depth, in sorted order, not into linked folders) by
    /// relative path; regular files are told by the folder's own listing, without a `stat`
    /// each, and a link counts when it leads to a file.
    public static func files(under root: String) -> [String] {
        var files: [String] = []
        walk(root, relative: "") { files.append($0) }
        return files
    }

    /// The entries of the folder at `path` but `.` and `..`, sorted by name, each with the kind
    /// its listing gives (`DT_REG`, `DT_DIR`, `DT_LNK`, or `DT_UNKNOWN`); empty when it cannot be read.
    private static func entries(of path: String) -> [(name: String, type: UInt8)] {
        guard let directory = opendir(path) else { return [] }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        closedir(directory)
        return entries.sorted { $0.name < $1.name }
    }

    private static func walk(_ path: String, relative: String, _ visit: (String) -> Void) {
        for (name, type) in entries(of: path) {
            if type == UInt8(DT_REG) {
                visit(relative + name)
                continue
            }
            let full = path + "/" + name
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                walk(full, relative: relative + name + "/", visit)
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard stat(full, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            }
            visit(relative + name)
        }
    }

    /// Every symbolic link below `root` (at any depth, not into linked folders) that leads to
    /// nothing, by relative path, with what it names, in sorted order.
    public static func danglingLinks(under root: String) -> [(path: String, destination: String)] {
        var found: [(path: String, destination: String)] = []
        findDanglingLinks(root, relative: "", into: &found)
        return found
    }

    /// Told by the folders' own listings: only a link costs a `stat`.
    private static func findDanglingLinks(
        _ path: String, relative: String, into found: inout [(path: String, destination: String)]
    ) {
        for (name, type) in entries(of: path) {
            let full = path + "/" + name
            var status = stat()
            let kind = type == UInt8(DT_UNKNOWN) && lstat(full, &status) == 0 ? status.st_mode & S_IFMT : nil
            if type == UInt8(DT_DIR) || kind == S_IFDIR {
                findDanglingLinks(full, relative: relative + name + "/", into: &found)
            } else if type == UInt8(DT_LNK) || kind == S_IFLNK, stat(full, &status) != 0 {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                found.append((relative + name, destination))
            }
        }
    }

    /// `look` run with a descriptor of the folder at `path` (-1 when it cannot be opened), for
    /// `fstatat` lookups relative to it.
    public static func withFolder<Result>(_ path: String, _ look: (Int32) -> Result) -> Result {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        return look(folder)
    }
}
