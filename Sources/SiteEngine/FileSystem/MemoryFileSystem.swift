import Foundation
import Platform
import Synchronization

extension FileSystem {
    /// A file system held in memory, starting with `files` (absolute path → bytes). Nothing
    /// reaches the disk: a build's output lands in the same store, under its output folder,
    /// when it commits. Read what was written with `read` and `files`.
    public static func memory(_ files: [String: Data]) -> FileSystem {
        let store = MemoryStore(files)
        return FileSystem(
            read: { url in try store.read(url.standardizedFileURL.path) },
            exists: { url in store.exists(url.standardizedFileURL.path) },
            files: { folder in store.files(under: folder.standardizedFileURL.path) },
            openOutput: { destination, _, _ in
                let folder = destination.standardizedFileURL.path
                let staged = Mutex<[String: Data]>([:])
                let record = Mutex<Data?>(nil)
                return SiteOutput(
                    // A memory file's stamp is its bytes' digest: nothing else tells an edit apart.
                    write: { data, path in
                        staged.withLock { $0[path] = data }
                        return FileStamp(contentsOf: data)
                    },
                    writeRecord: { pieces in
                        let data = try SiteOutput.gathered(pieces)
                        record.withLock { $0 = data }
                    },
                    reuse: { files in
                        files.map { path, stamp in
                            guard let data = try? store.read(folder + "/" + path), FileStamp(contentsOf: data) == stamp
                            else { return false }
                            staged.withLock { $0[path] = data }
                            return true
                        }
                    },
                    commit: {
                        store.replace(folder, with: staged.withLock { $0 })
                        if let data = record.withLock({ $0 }) {
                            store.put(OutputDirectory.recordFile(of: destination).standardizedFileURL.path, data)
                        }
                    },
                    discard: {
                        staged.withLock { $0 = [:] }
                        record.withLock { $0 = nil }
                    })
            })
    }
}

/// The files of a memory file system, by absolute path.
private final class MemoryStore: Sendable {
    private let files: Mutex<[String: Data]>

    package init(_ files: [String: Data]) {
        self.files = Mutex(
            Dictionary(
                uniqueKeysWithValues: files.map { (URL(fileURLWithPath: $0.key).standardizedFileURL.path, $0.value) }))
    }

    package func read(_ path: String) throws -> Data {
        guard let data = files.withLock({ $0[path] }) else { throw CocoaError(.fileReadNoSuchFile) }
        return data
    }

    package func exists(_ path: String) -> Bool {
        files.withLock { $0[path] != nil || $0.keys.contains { $0.hasPrefix(path + "/") } }
    }

    package func files(under folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return files.withLock { $0.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } }
            .sorted()
    }

    /// The file at `path` becomes `data`.
    package func put(_ path: String, _ data: Data) {
        files.withLock { $0[path] = data }
    }

    /// Everything under `folder` becomes `written` (relative path → bytes).
    package func replace(_ folder: String, with written: [String: Data]) {
        files.withLock { files in
            files = files.filter { !$0.key.hasPrefix(folder + "/") }
            for (path, data) in written { files[folder + "/" + path] = data }
        }
    }
}
