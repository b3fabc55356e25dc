import Foundation
import Platform

/// Where one build writes: nothing is visible at the destination until `commit`.
public struct SiteOutput: Sendable {
    /// A file's bytes handed over in pieces, to `put` one after another: a file too large to
    /// hold whole (the build record of a large site).
    package typealias Pieces = (_ put: (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// Writes a file at a path relative to the output folder; returns the written file's stamp.
    package let write: @Sendable (Data, String) throws -> FileStamp
    /// Writes a file at a relative path as `Pieces` hands it over; returns its stamp.
    package let writePieces: @Sendable (String, Pieces) throws -> FileStamp
    /// Writes the build's record (`BuildManifest`) as `Pieces` hands it over: kept outside the
    /// site, and put in place by the commit after the site's files.
    package let writeRecord: @Sendable (Pieces) throws -> Void
    /// Carries each of the previous build's files at a relative path into this one unchanged,
    /// without reading it, when its stamp is still the one given (the file is as that build
    /// wrote it); false for one where there is no such file or it has changed since. Files
    /// come in one batch, looked at on every core.
    package let reuse: @Sendable (_ files: [(path: String, stamp: FileStamp)]) -> [Bool]
    /// Replaces the output folder with everything written.
    package let commit: @Sendable () throws -> Void
    /// Drops everything written; the output folder stays as it was.
    package let discard: @Sendable () -> Void

    /// An output whose `writePieces` gathers the pieces and hands them to `write`, unless
    /// given one of its own.
    package init(
        write: @escaping @Sendable (Data, String) throws -> FileStamp,
        writePieces: (@Sendable (String, Pieces) throws -> FileStamp)? = nil,
        writeRecord: @escaping @Sendable (Pieces) throws -> Void,
        reuse: @escaping @Sendable (_ files: [(path: String, stamp: FileStamp)]) -> [Bool],
        commit: @escaping @Sendable () throws -> Void, discard: @escaping @Sendable () -> Void
    ) {
        self.write = write
        self.writePieces = writePieces ?? { path, pieces in try write(Self.gathered(pieces), path) }
        self.writeRecord = writeRecord
        self.reuse = reuse
        self.commit = commit
        self.discard = discard
    }

    /// The bytes `pieces` hands over, whole.
    package static func gathered(_ pieces: Pieces) throws -> Data {
        var data = Data()
        try pieces { data.append(contentsOf: $0) }
        return data
    }
}
