import Foundation

/// A digest of every file a build reads, made from the files' stamps rather than their bytes:
/// path, size, inode, and modification and change times, one `stat` per file. The change time
/// cannot be set back by hand (unlike the modification time), so editing a file and restoring
/// its time still changes the digest; reading and hashing 10,000 entries instead would cost
/// about what parsing them does.
enum InputStamps {
    /// The digest of `folders` (each walked at any depth, not into linked folders) and `extra`.
    static func digest(of folders: [URL], extra: String) -> String {
        var lines = ["aura-inputs 1", extra, BuildManifest.executableStamp]
        for folder in folders {
            lines.append("folder \(folder.standardizedFileURL.path)")
            walk(folder.standardizedFileURL.path, relative: "", into: &lines)
        }
        return Fingerprint.sha256Hex(Array(lines.joined(separator: "\n").utf8))
    }

    private static func walk(_ path: String, relative: String, into lines: inout [String]) {
        guard let directory = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted() {
            let full = path + "/" + name
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                walk(full, relative: relative + name + "/", into: &lines)
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK { _ = stat(full, &status) }
            lines.append("\(relative)\(name) \(text(of: status))")
        }
    }

    /// The stamp of the file at `path` (followed if it is a link); nil when there is none.
    static func stamp(ofFile path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return text(of: status)
    }

    private static func text(of status: stat) -> String {
        "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
