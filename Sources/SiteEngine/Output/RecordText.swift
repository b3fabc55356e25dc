import Foundation
import Platform

/// The build's own large lists (`.aura-build`, the output marker), cut into lines and fields by
/// their bytes: a generic `split` of a String's views cost more than all the rest of a
/// one-entry rebuild.
package enum RecordText {
    /// Hands each non-empty line of `text` to `body`, without its line break, until `body`
    /// returns false.
    package static func forEachLine(in text: Substring, _ body: (Substring) -> Bool) {
        slices(of: text, separatedBy: 0x0A, limit: .max) { line in line.isEmpty || body(line) }
    }

    /// Hands each non-empty line of the file at `url`, from byte `offset` on, to `body` with the
    /// byte offset it starts at, until `body` returns false. The file is read `pieceSize` bytes
    /// at a time: a large site's record runs to megabytes, which need not be held whole.
    /// False when the file cannot be read or a piece of it is not UTF-8: `body` has then seen
    /// only some of its lines.
    package static func forEachLine(
        ofFileAt url: URL, from offset: Int = 0, in fileSystem: FileSystem, pieceSize: Int = 1 << 18,
        _ body: (_ line: Substring, _ offset: Int) -> Bool
    ) -> Bool {
        var pending: [UInt8] = []
        var pendingOffset = offset
        var (stopped, readable) = (false, true)
        func take(_ bytes: ArraySlice<UInt8>) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                readable = false
                return
            }
            forEachLine(in: text[...]) { line in
                stopped = !body(line, pendingOffset + text.utf8.distance(from: text.startIndex, to: line.startIndex))
                return !stopped
            }
        }
        do {
            try fileSystem.forEachPiece(of: url, from: offset, size: pieceSize) { piece in
                pending.append(contentsOf: piece)
                guard let lastBreak = pending.lastIndex(of: 0x0A) else { return true }
                take(pending[...lastBreak])
                pending.removeSubrange(...lastBreak)
                pendingOffset += lastBreak + 1
                return readable && !stopped
            }
        } catch {
            return false
        }
        if readable, !stopped, !pending.isEmpty { take(pending[...]) }
        return readable
    }

    /// The fields of `line` between `separator`s, at most `limit` (the last holds the rest), as
    /// slices of it.
    package static func fields(_ line: Substring, separatedBy separator: UInt8, limit: Int = .max) -> [Substring] {
        var fields: [Substring] = []
        slices(of: line, separatedBy: separator, limit: limit) {
            fields.append($0)
            return true
        }
        return fields
    }

    /// The fields of `line` between `separator`s, as new strings. Slices share their text's
    /// reference count, which threads cutting the lines of one text in parallel would fight over.
    package static func strings(_ line: Substring, separatedBy separator: UInt8) -> [String] {
        var fields: [String] = []
        withBytes(of: line) { bytes in
            pieces(of: bytes, separatedBy: separator, limit: .max) { range in
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
                return true
            }
        }
        return fields
    }

    /// The byte ranges of the first `count` fields of `line` between `separator`s, counted from
    /// its start.
    package static func ranges(_ line: Substring, separatedBy separator: UInt8, first count: Int = .max) -> [Range<Int>]
    {
        var ranges: [Range<Int>] = []
        withBytes(of: line) { bytes in
            pieces(of: bytes, separatedBy: separator, limit: .max) { range in
                ranges.append(range)
                return ranges.count < count
            }
        }
        return ranges
    }

    /// The bytes of `line` in `range` (one of its `ranges`) as a new string.
    package static func string(_ line: Substring, _ range: Range<Int>) -> String {
        withBytes(of: line) { bytes in String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    }

    /// The bytes of `line` in `range` (one of its `ranges`) as a slice of it.
    package static func slice(_ line: Substring, _ range: Range<Int>) -> Substring {
        let utf8 = line.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }

    /// Whether `text` holds `byte`.
    package static func contains(_ byte: UInt8, in text: Substring) -> Bool {
        withBytes(of: text) { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false }
    }

    /// Gathers text into pieces of about 64 KB for a file written piece by piece
    /// (`SiteOutput.writePieces`): a large site's record runs to megabytes, which need not be
    /// held whole.
    package struct Writer {
        private static let pieceSize = 1 << 16
        private var buffer: [UInt8] = []
        /// Takes each piece.
        private let sink: (UnsafeRawBufferPointer) throws -> Void

        private init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
            self.sink = sink
            buffer.reserveCapacity(Self.pieceSize + 4096)
        }

        /// Hands what `body` writes to `put`, in pieces, the last when `body` returns.
        package static func writing(
            to put: (UnsafeRawBufferPointer) throws -> Void, _ body: (inout Writer) throws -> Void
        )
            throws
        {
            try withoutActuallyEscaping(put) { sink in
                var writer = Writer(sink)
                try body(&writer)
                try writer.handOver()
            }
        }

        /// Appends `text`'s bytes, then `separator` when given.
        package mutating func put(_ text: Substring, then separator: UInt8? = nil) throws {
            try withBytes(of: text) { try put($0, then: separator) }
        }

        /// Appends `bytes`, then `separator` when given.
        package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>, then separator: UInt8? = nil) throws {
            buffer.append(contentsOf: bytes)
            if let separator { buffer.append(separator) }
            if buffer.count >= Self.pieceSize { try handOver() }
        }

        /// Appends `digest`'s hex digits, then `separator`.
        package mutating func put(_ digest: SHA256Digest, then separator: UInt8) throws {
            digest.appendHex(to: &buffer)
            try put("", then: separator)
        }

        private mutating func handOver() throws {
            guard !buffer.isEmpty else { return }
            try buffer.withUnsafeBytes(sink)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private static func slices(
        of text: Substring, separatedBy separator: UInt8, limit: Int, _ take: (Substring) -> Bool
    ) {
        let utf8 = text.utf8
        withBytes(of: text) { bytes in
            pieces(of: bytes, separatedBy: separator, limit: limit) { range in
                let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                return take(Substring(utf8[from..<utf8.index(from, offsetBy: range.count)]))
            }
        }
    }

    /// The ranges of `bytes` between `separator`s, handed to `take` until it returns false.
    private static func pieces(
        of bytes: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8, limit: Int,
        _ take: (Range<Int>) -> Bool
    ) {
        guard let base = bytes.baseAddress else {
            _ = take(0..<0)
            return
        }
        var start = 0
        var taken = 0
        while taken < limit - 1, let hit = memchr(base + start, Int32(separator), bytes.count - start) {
            let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard take(start..<end) else { return }
            taken += 1
            start = end + 1
        }
        _ = take(start..<bytes.count)
    }

    private static func withBytes<Result>(of text: Substring, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
        rethrows -> Result
    {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(text)
        return try copy.withUTF8(body)
    }
}
