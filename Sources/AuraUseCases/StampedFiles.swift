import Foundation
import Platform
import Synchronization

/// Files read and decoded once for as long as each keeps its stamp (size, inode, modification
/// and change times): a server reads the same `site.yml`, store and plan on every request and
/// action, while they change only when someone writes them (and a write, an atomic rename,
/// always changes the stamp).
final class StampedFiles<Value: Sendable>: Sendable {
    private let read = Mutex<[String: (stamp: FileStamp, value: Value)]>([:])

    /// The value of the file at `path`: the one decoded last while the file is unchanged since,
    /// else what `load` makes of it now. Stamped before it is read, so a file that changes in
    /// between is only ever read again, never missed.
    func value(at path: String, _ load: () throws -> Value) rethrows -> Value {
        var status = stat()
        let stamp = stat(path, &status) == 0 ? FileStamp(status, withChangeTime: true) : nil
        if let stamp, let kept = read.withLock({ $0[path] }), kept.stamp == stamp { return kept.value }
        let value = try load()
        if let stamp { read.withLock { $0[path] = (stamp, value) } }
        return value
    }

    /// Keeps `value` as the file at `path` while it bears `stamp` (what a writer just wrote).
    func keep(_ value: Value, at path: String, stamp: FileStamp) {
        read.withLock { $0[path] = (stamp, value) }
    }
}
