import Dispatch
import Foundation
import Synchronization

/// Notices edits under some folders by polling each file's inode, size and modification time.
///
/// Polling rather than inotify: a site's sources are a few hundred files, so one pass of
/// `stat` every quarter second costs well under a millisecond, and it needs no watch per
/// folder (inotify watches are not recursive: new subfolders would have to be added as they
/// appear, and the per-user watch limit shared), it sees editors' save-by-rename and files
/// on bind mounts, container volumes and network shares where inotify stays silent, and it
/// runs unchanged on macOS. A burst of writes (an editor saving several files, `git checkout`)
/// is reported once, after a pass that sees nothing more change.
final class SourceWatcher: Sendable {
    private let folders: [URL]
    private let queue = DispatchQueue(label: "aura.serve.watch")
    // Dispatch sources may be cancelled from any thread.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer
    /// The last pass's stamps, and whether a change waits for the files to settle.
    private let state: Mutex<(stamps: [String: Stamp], unsettled: Bool)>

    struct Stamp: Equatable {
        let inode: UInt64
        let size: Int64
        let modified: Int64
    }

    /// Starts watching; `changed` runs on the watcher's own queue, one call at a time.
    init(folders: [URL], interval: DispatchTimeInterval = .milliseconds(250), changed: @escaping @Sendable () -> Void) {
        self.folders = folders
        state = Mutex((Self.stamps(of: folders), false))
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            if self?.pass() == true { changed() }
        }
        timer.resume()
    }

    func stop() { timer.cancel() }

    deinit { timer.cancel() }

    /// One look at the files: true when they changed and have since held still.
    private func pass() -> Bool {
        let now = Self.stamps(of: folders)
        return state.withLock { state in
            if now != state.stamps {
                state = (now, true)
                return false
            }
            defer { state.unsettled = false }
            return state.unsettled
        }
    }

    /// Every visible file below the folders (hidden files are editors' and the store's
    /// temporary files, whose final rename is seen anyway).
    static func stamps(of folders: [URL]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                let path = folder.appendingPathComponent(relative).path
                var info = stat()
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                stamps[path] = Stamp(
                    inode: UInt64(info.st_ino), size: Int64(info.st_size),
                    modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            }
        }
        return stamps
    }
}
