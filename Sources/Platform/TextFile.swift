import Foundation

/// A file read as UTF-8 text straight into the string that holds it: reading it as data first
/// and making a string of that copies every byte twice more (for a large site's build record,
/// megabytes on every rebuild).
public enum TextFile {
    /// The text of the file at `path`; nil when it is not valid UTF-8. Throws when the file
    /// cannot be opened or read.
    public static func read(_ path: String) throws -> String? {
        let text = try withOpenFile(path) { descriptor, status -> String? in
            let size = Int(status.st_size)
            // Anything but a regular file, such as a named pipe, is left to Foundation.
            guard status.st_mode & S_IFMT == S_IFREG, size > 0 else { return nil }
            var filled = 0
            let text = try String(unsafeUninitializedCapacity: size) { buffer in
                while filled < size {
                    let count = Foundation.read(descriptor, buffer.baseAddress! + filled, size - filled)
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw lastError() }
                    if count == 0 { break }
                    filled += count
                }
                return filled
            }
            // The string repairs what is not UTF-8, with U+FFFD: a file holding one, or one that
            // changed size while it was read, is read again and checked as a whole.
            var more: UInt8 = 0
            guard filled == size, Foundation.read(descriptor, &more, 1) == 0, text.utf8.count == size,
                !contains(replacementCharacterIn: text)
            else { return nil }
            return text
        }
        return try text ?? validated(path)
    }

    /// Hands the bytes of the regular file at `path` from byte `offset` on to `body`, at most
    /// `size` at a time, until the file ends or `body` returns false. Throws when it cannot be
    /// opened or read, or is not a regular file.
    public static func readPieces(
        _ path: String, from offset: Int, size: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try withOpenFile(path) { descriptor, status in
            guard status.st_mode & S_IFMT == S_IFREG else { throw POSIXError(.EINVAL) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
            defer { buffer.deallocate() }
            var position = offset
            while true {
                let count = pread(descriptor, buffer.baseAddress, size, off_t(position))
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw lastError() }
                guard count > 0, try body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
                position += count
            }
        }
    }

    /// Opens the file at `path` for reading, without blocking on a named pipe, and hands its
    /// descriptor and status to `body`; closes it after.
    private static func withOpenFile<Result>(_ path: String, _ body: (Int32, stat) throws -> Result) throws -> Result {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw lastError() }
        return try body(descriptor, status)
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    private static func validated(_ path: String) throws -> String? {
        String(validating: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private static func contains(replacementCharacterIn text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var start = 0
            while let hit = memchr(base + start, 0xEF, bytes.count - start) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if at + 2 < bytes.count, bytes[at + 1] == 0xBF, bytes[at + 2] == 0xBD { return true }
                start = at + 1
            }
            return false
        }
    }
}
