import Diagnostics
import Foundation

/// Writes a file by writing a temporary file beside it and renaming it over the old one, so
/// a reader sees the old bytes or the new, never a half-written file. Writers of one file
/// hold its folder's lock (see `PlannerFolder.lock`).
public enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Replaces the file at `url`, or the file it links to when it is a symbolic link (the
    /// link stays a link). With `permissions` (such as 0o600 for a secret), the file has them
    /// from the moment it is made, never wider in between. Returns the stamp of the file written
    /// (with change time) as it stands once renamed: while the path bears it, it holds `data`.
    @discardableResult
    public static func write(_ data: Data, to requested: URL, permissions: mode_t? = nil) throws -> FileStamp {
        let url = requested.resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // One name per file, not per process: every writer holds the content folder's lock, and
        // what a killed writer left is simply written over by the next.
        let temporary = folder.appendingPathComponent(temporaryName(of: url.lastPathComponent))
        do {
            // Made here with open(2): FileManager.createFile writes a copy of its own first
            // (`.dat.nosync…`), which a kill would leave behind.
            unlink(temporary.path)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions ?? 0o666)
            guard descriptor >= 0 else {
                throw WriteError(
                    description: "cannot write \(displayPath(temporary)): \(String(cString: strerror(errno)))")
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            defer { try? handle.close() }
            PausePoint.reached("atomic write: \(url.lastPathComponent) written beside")
            guard rename(temporary.path, url.path) == 0 else {
                throw WriteError(description: "cannot replace \(displayPath(url)): \(String(cString: strerror(errno)))")
            }
            // From the descriptor: the file renamed, whatever the path holds by now.
            var status = stat()
            return fstat(handle.fileDescriptor, &status) == 0 ? FileStamp(status, withChangeTime: true) : .missing
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The name of the copy being written beside a file named `name`.
    static func temporaryName(of name: String) -> String { ".\(name).tmp" }

    /// Removes the copies killed writers left in `folder`: only files named as `write` names
    /// its copies (or as Foundation named the copies it made for earlier versions,
    /// `.dat.nosync…`), regular and with one link. The caller holds the folder's lock, or knows
    /// no writer can be at work (a server starting).
    public static func removeLeftovers(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names
        where (name.hasPrefix(".") && name.hasSuffix(".tmp") && name.count > 5) || name.hasPrefix(".dat.nosync") {
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
                continue
            }
            unlink(path)
        }
    }
}
