import Diagnostics
import Dispatch
import Foundation
import Synchronization

/// An advisory lock (`flock`) on a lock file, held until `release()` or the end of the process —
/// a killed process never leaves a stale lock. A second process waits for it instead of racing,
/// and `onWait` runs once if that wait passes a second (to say why nothing happens).
///
/// `flock` locks belong to an open file, so two locks on one file in one process also exclude
/// each other: a caller releases its lock before calling code that takes the same one.
public final class FileLock: Sendable {
    private let descriptor: Mutex<Int32>

    /// Takes the lock exclusively, creating the lock file and its folder when needed.
    public static func exclusive(_ url: URL, onWait: @escaping @Sendable () -> Void) throws -> FileLock {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try FileLock(url, flags: O_RDWR | O_CREAT, operation: LOCK_EX, onWait: onWait)!
    }

    /// Takes the lock shared, for a reader that needs several files from one moment; nil when
    /// no writer ever made the lock file or it cannot be opened (a read-only content folder).
    public static func sharedIfPresent(_ url: URL, onWait: @escaping @Sendable () -> Void) throws -> FileLock? {
        try FileLock(url, flags: O_RDONLY, operation: LOCK_SH, onWait: onWait)
    }

    private init?(_ url: URL, flags: Int32, operation: Int32, onWait: @escaping @Sendable () -> Void) throws {
        let opened = open(url.path, flags | O_CLOEXEC, 0o600)
        guard opened >= 0 else {
            if flags & O_CREAT == 0 { return nil }
            throw FileLockError(
                description: "cannot open the lock file \(displayPath(url)): \(String(cString: strerror(errno)))")
        }
        descriptor = Mutex(opened)
        if flock(opened, operation | LOCK_NB) == 0 { return }
        let notice = DispatchWorkItem(block: onWait)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: notice)
        defer { notice.cancel() }
        while flock(opened, operation) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                release()
                throw FileLockError(description: "cannot lock \(displayPath(url)): \(reason)")
            }
        }
    }

    /// Releases the lock; later calls do nothing.
    public func release() {
        descriptor.withLock { value in
            if value >= 0 { close(value) }  // closing the file releases its lock
            value = -1
        }
    }

    deinit { release() }
}

/// A lock file that could not be opened or locked, named as the person would type it.
public struct FileLockError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
