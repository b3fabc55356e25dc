import Foundation
import Platform

/// Every way the build touches files, as closures: the disk for a real build, memory for tests
/// (`FileSystem.memory`). Input is read whole; output goes through a `SiteOutput`, which
/// replaces the output folder in one step.
public struct FileSystem: Sendable {
    /// The bytes of the file at `url`; throws when there is none or it cannot be read.
    public var read: @Sendable (URL) throws -> Data
    /// The text of the file at `url`, nil when it is not valid UTF-8, when the file system has a
    /// quicker way than `read` to it (`text(at:)`).
    var readText: (@Sendable (URL) throws -> String?)? = nil
    /// Hands the bytes of the file at `url` from byte `offset` on to `body`, at most `size` at a
    /// time, until the file ends or `body` returns false; nil when the file system has no
    /// quicker way than reading it whole (`forEachPiece`).
    package var readPieces:
        (
            @Sendable (_ url: URL, _ offset: Int, _ size: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws
                -> Void
        )? = nil
    /// Whether a file or folder is at `url`.
    package var exists: @Sendable (URL) -> Bool
    /// Every file below the folder at `url`, at any depth, as paths relative to it, sorted;
    /// empty when there is no such folder.
    public var files: @Sendable (URL) -> [String]
    /// Every symbolic link below the folder at `url` that leads to nothing, by path relative to
    /// it, with what it names: a content folder copied without what its links led to (memory
    /// holds no links).
    package var danglingLinks: @Sendable (URL) -> [(path: String, destination: String)] = { _ in [] }
    /// Opens the output folder `destination` for one build, under the site's `rules`;
    /// `onWait` hears that another build holds it.
    package var openOutput:
        @Sendable (_ destination: URL, _ rules: OutputRules, _ onWait: @escaping @Sendable () -> Void) throws
            -> SiteOutput
    /// Whether files carry stamps (`InputStamps`, `OutputDirectory.stamp`) that tell an
    /// unchanged file without reading it: the disk's do, memory's are not kept.
    package var stampsInputs = false
    /// The stamp of the input file at an absolute path (`InputStamps`): equal stamps mean an
    /// unchanged file. Nil where files bear none (memory), so nothing is taken as unchanged.
    package var stamp: @Sendable (String) -> FileStamp? = { _ in nil }
    /// Why the file at `url` may not be published byte for byte, nil when it may: only a
    /// regular file with one name, of the user running the build, is. A link (symbolic or
    /// hard) could bring anything into the site, the accounts database included. Memory holds
    /// plain files only.
    package var refusalToPublish: @Sendable (URL) -> String? = { _ in nil }
    /// Why the file at `url` may not be read as a theme's own, nil when it may: a link
    /// (symbolic or hard) could bring anything into the site. Memory holds plain files only.
    package var refusalOfLink: @Sendable (URL) -> String? = { _ in nil }

    /// The text of the file at `url`; nil when it is not valid UTF-8. Throws when there is no
    /// such file or it cannot be read.
    package func text(at url: URL) throws -> String? {
        if let readText { return try readText(url) }
        return String(validating: try read(url), as: UTF8.self)
    }

    /// Hands the bytes of the file at `url` from byte `offset` on to `body`, at most `size` at a
    /// time, until the file ends or `body` returns false. Throws when there is no such file or
    /// it cannot be read.
    func forEachPiece(of url: URL, from offset: Int, size: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool)
        throws
    {
        if let readPieces { return try readPieces(url, offset, size, body) }
        let data = try read(url)
        try data.withUnsafeBytes { bytes in
            var start = offset
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                guard try body(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) else { return }
                start = end
            }
        }
    }

    /// The files directly in the folder at `url` (no deeper) whose names end in `suffix` and
    /// do not start with a dot, sorted.
    package func names(in url: URL, endingWith suffix: String) -> [String] {
        files(url).filter { !$0.utf8.contains(0x2F) && $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
    }
}

extension FileSystem {
    /// The real disk; output is an `OutputDirectory` (staged, then swapped in whole or renamed in file by file).
    public static let disk = FileSystem(
        read: { url in try Data(contentsOf: url) },
        readText: { url in try TextFile.read(url.path) },
        readPieces: { url, offset, size, body in try TextFile.readPieces(url.path, from: offset, size: size, body) },
        exists: { url in FileManager.default.fileExists(atPath: url.path) },
        files: { folder in DirectoryWalk.files(under: folder.standardizedFileURL.path) },
        danglingLinks: { folder in DirectoryWalk.danglingLinks(under: folder.standardizedFileURL.path) },
        openOutput: { destination, rules, onWait in
            let directory = try OutputDirectory(destination: destination, rules: rules, onWait: onWait)
            return SiteOutput(
                write: directory.write, writePieces: directory.writePieces, writeRecord: directory.writeRecord,
                reuse: directory.reuse,
                commit: directory.commit,
                discard: directory.discard)
        },
        stampsInputs: true,
        stamp: { path in FileStamp.ofInput(path) },
        refusalToPublish: { url in
            diskRefusal(url, ownOnly: true)
        },
        refusalOfLink: { url in
            diskRefusal(url, ownOnly: false)
        })

    private static func diskRefusal(_ url: URL, ownOnly: Bool) -> String? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return "is a symbolic link"
        case S_IFREG: break
        default: return "is not a regular file"
        }
        if status.st_nlink > 1 { return "is a hard link (one of \(status.st_nlink) names of one file)" }
        if ownOnly && status.st_uid != geteuid() { return "belongs to another user" }
        return nil
    }
}
