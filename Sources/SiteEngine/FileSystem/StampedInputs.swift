import Foundation
import Platform
import Synchronization

/// Values made from some input files, kept while the same files all bear the stamps they had:
/// a server builds its sites again after every Done, while templates, assets and docs rarely
/// change. Files without stamps (in memory) are read every time.
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
        if stamped { kept.withLock { $0[key] = (paths, stamps, value) } }
        return value
    }
}
