import Foundation

extension FileStamp {
    /// The stamp of the input file at `path`, relative to the open `folder` or absolute
    /// (followed if it is a link), its change time included: editing a file and restoring its
    /// modification time still changes it. Nil when there is no such file.
    public static func ofInput(_ path: String, in folder: Int32 = AT_FDCWD) -> FileStamp? {
        var status = stat()
        guard fstatat(folder, path, &status, 0) == 0 else { return nil }
        return FileStamp(status, withChangeTime: true)
    }
}
