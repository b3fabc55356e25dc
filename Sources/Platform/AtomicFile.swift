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
    /// link stays a link).
    public static func write(_ data: Data, to requested: URL) throws {
        let url = requested.resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // One name per file, not per process: every writer holds the content folder's lock, and
        // what a killed writer left is simply written over by the next.
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw WriteError(description: "cannot write \(displayPath(temporary))")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            PausePoint.reached("atomic write: \(url.lastPathComponent) written beside")
            guard rename(temporary.path, url.path) == 0 else {
                throw WriteError(description: "cannot replace \(displayPath(url)): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
