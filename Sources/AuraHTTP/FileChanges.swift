import Foundation
import Synchronization

/// The changes to the folders the server's answers were made from, as inotify reports them:
/// each event in a watched folder counts one. The transport gives an answer again by itself
/// only while this count stays what it was before the answer's handler began
/// (`HTTPResponse.Reuse`), and every look takes in the events queued first — the kernel
/// queues a change's event before the writing call returns — so a page asked for after a
/// write has finished never comes from before it. Starting to watch a folder counts as a
/// change too: an answer whose handler began before its folder was watched was made from
/// files nobody watched, and is not kept. (inotify misses changes made on another machine to a
/// network file system; such a folder's answers are given again until their time runs out.)
final class FileChanges: Sendable {
    private struct Watch {
        /// -1: nothing can be watched, so nothing that follows changes is kept.
        let descriptor: Int32
        var folders: [Int32: String] = [:]
        var watched: Set<String> = []
        var count: UInt64 = 0
    }

    private let watch: Mutex<Watch>

    init() {
        watch = Mutex(Watch(descriptor: inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))))
    }

    deinit {
        watch.withLock { if $0.descriptor != -1 { close($0.descriptor) } }
    }

    /// The count of changes, after taking in every event queued.
    func count() -> UInt64 {
        watch.withLock { watch in
            Self.takeEvents(&watch)
            return watch.count
        }
    }

    /// Watches the folders of `files`; false when one cannot be watched (it does not exist, or
    /// the system's watches ran out).
    func watch(foldersOf files: [String]) -> Bool {
        watch.withLock { watch in
            guard watch.descriptor != -1 else { return false }
            for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }) {
                guard !watch.watched.contains(folder) else { continue }
                let events = UInt32(
                    IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                        | IN_DELETE_SELF | IN_MOVE_SELF)
                let watched = inotify_add_watch(watch.descriptor, folder, events)
                guard watched != -1 else { return false }
                watch.folders[watched] = folder
                watch.watched.insert(folder)
                watch.count &+= 1
            }
            return true
        }
    }

    /// Reads every event queued: each read counts as one change; a folder that went away
    /// (`IN_IGNORED`) is forgotten, to be watched again when an answer next needs it.
    private static func takeEvents(_ watch: inout Watch) {
        guard watch.descriptor != -1 else { return }
        let headerSize = MemoryLayout<inotify_event>.size
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
            while true {
                let size = read(watch.descriptor, buffer.baseAddress, buffer.count)
                guard size > 0 else { return }
                var offset = 0
                while offset + headerSize <= size {
                    let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    if event.mask & UInt32(IN_IGNORED) != 0, let gone = watch.folders.removeValue(forKey: event.wd) {
                        watch.watched.remove(gone)
                    }
                    offset += headerSize + Int(event.len)
                }
                watch.count &+= 1
            }
        }
    }
}
