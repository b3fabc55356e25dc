import Foundation
import Platform
import Synchronization

/// Values made from some input files, kept while the same files all bear the stamps they had
/// (size, inode, modification and change times): a server reads the same `site.yml`, store and
/// plan on every request and builds its sites again after every Done, while these files, the
/// templates, assets and docs change only when someone writes them (and a write, an atomic
/// rename, always changes the stamp). Files without stamps (in memory, or missing) are read
/// every time.
package final class StampedInputs<Value: Sendable>: Sendable {
    private let kept = Mutex<[String: (paths: [String], stamps: [FileStamp], value: Value)]>([:])

    package init() {}

    /// The value kept under `key` while `paths` are the same files and unchanged; else what
    /// `make` makes (stamped before, so a file changing meanwhile is only ever read again).
    package func value(_ key: String, paths: [String], in fileSystem: FileSystem, _ make: () throws -> Value)
        rethrows -> Value
    {
        let stamps = paths.compactMap { fileSystem.stamp($0) }
        let stamped = stamps.count == paths.count
        if stamped, let last = kept.withLock({ $0[key] }), last.paths == paths, last.stamps == stamps {
            return last.value
        }
        let value = try make()
        if stamped { keep(value, key, paths: paths, stamps: stamps) }
        return value
    }

    /// Keeps `value` under `key` while `paths` bear `stamps` (what a writer just wrote).
    package func keep(_ value: Value, _ key: String, paths: [String], stamps: [FileStamp]) {
        kept.withLock { $0[key] = (paths, stamps, value) }
    }
}
