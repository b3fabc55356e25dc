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
            let root = folder.standardizedFileURL.path
            lines.append("folder \(root)")
            // Listed by the folders' own entries, then stamped on every core: a `stat` each.
            let files = DirectoryWalk.files(under: root)
            lines += [String](concurrentlyMapping: files.count) { "\(files[$0]) \(stamp(ofFile: root + "/" + files[$0]) ?? "-")" }
        }
        return Fingerprint.sha256Hex(Array(lines.joined(separator: "\n").utf8))
    }

    /// The stamp of the file at `path` (followed if it is a link); nil when there is none.
    static func stamp(ofFile path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return text(of: status)
    }

    static func text(of status: stat) -> String {
        "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
