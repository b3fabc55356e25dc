import Foundation

/// The published site is readable by everyone whatever the process's umask (`aura` runs with
/// 077, so that everything else it writes is its owner's alone): its files and folders get
/// these modes set, not masked.
enum PublicModes {
    static let file: mode_t = 0o644
    static let folder: mode_t = 0o755

    /// Makes the folder at `path` and any missing parent, each readable by everyone; one that
    /// exists is left as it is.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, folder) == 0 {
            chmod(path, folder)
            return
        }
        if errno == EEXIST { return }
        if errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolder(String(path[..<slash]))
            // Another thread may have made it a moment ago.
            if mkdir(path, folder) == 0 {
                chmod(path, folder)
                return
            }
            if errno == EEXIST { return }
        }
        throw SiteError(message: "cannot make the folder \(path): \(String(cString: strerror(errno)))")
    }
}
