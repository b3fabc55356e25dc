import Foundation

/// What tells a file unchanged since a build read or wrote it, without reading it: on disk,
/// numbers from its `stat`; in memory, where nothing else tells an edit apart, the digest of
/// its bytes. Held in place in 32 bytes: a build keeps one for every file it reads and every
/// file it writes, and as decimal text they cost three times that on the heap (3.6 MB at
/// 20,000 entries). Written in the build record as 64 hex digits, as a digest is.
public struct FileStamp: Hashable, Sendable {
    /// The 32 bytes, held and written as a digest's are.
    public let bytes: SHA256Digest

    /// Stands for a file that could not be stamped: no file bears it.
    public static let missing = FileStamp(bytes: SHA256Digest(words: (0, 0, 0, 0)))

    /// The stamp of a file whose `stat` is `status`: size, inode and modification time to the
    /// nanosecond, and the change time when `withChangeTime`. (No file has inode 0, so no file
    /// bears `missing`.)
    public init(_ status: stat, withChangeTime: Bool) {
        func nanoseconds(_ time: timespec) -> UInt64 {
            UInt64(bitPattern: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
        }
        bytes = SHA256Digest(
            words: (
                UInt64(bitPattern: Int64(status.st_size)), UInt64(status.st_ino), nanoseconds(status.st_mtim),
                withChangeTime ? nanoseconds(status.st_ctim) : 0
            ))
    }

    /// The stamp of a file in memory, which holds `data`: the digest of its bytes.
    public init(contentsOf data: Data) {
        bytes = Fingerprint.sha256(data)
    }

    private init(bytes: SHA256Digest) {
        self.bytes = bytes
    }

    /// The stamp `hex` spells (`bytes.hex`); nil for anything else.
    public init?(hex: Substring) {
        guard let bytes = SHA256Digest(hex: hex) else { return nil }
        self.bytes = bytes
    }
}
