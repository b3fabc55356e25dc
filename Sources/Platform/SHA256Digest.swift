/// A SHA-256 digest held as its 32 bytes. A build keeps tens of thousands of them (a key and a
/// digest per output file, two per culture entry): in place they cost a third of what a
/// 64-digit hex string does on the heap. Written and read as lowercase hex.
public struct SHA256Digest: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public static let byteCount = 32

    /// The value whose bytes are `words`' in memory.
    public init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// The digest whose bytes are `bytes` (exactly `byteCount` of them).
    public init(bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count == Self.byteCount)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
    }

    /// The digest `hex` spells in 64 lowercase hex digits; nil for anything else.
    public init?(hex: Substring) {
        var words = words
        let read =
            hex.utf8.withContiguousStorageIfAvailable { Self.read($0, into: &words) }
            ?? Self.read(Array(hex.utf8), into: &words)
        guard read else { return nil }
        self.words = words
    }

    private static func read(
        _ digits: some RandomAccessCollection<UInt8>, into words: inout (UInt64, UInt64, UInt64, UInt64)
    ) -> Bool {
        guard digits.count == 2 * byteCount else { return false }
        return withUnsafeMutableBytes(of: &words) { bytes in
            var digit = digits.startIndex
            for index in 0..<byteCount {
                guard let high = value(of: digits[digit]), let low = value(of: digits[digits.index(after: digit)])
                else { return false }
                bytes[index] = high << 4 | low
                digit = digits.index(digit, offsetBy: 2)
            }
            return true
        }
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Writes the 64 hex digits into `text`, which has room for them: from a table, not a
    /// String per byte.
    private func writeHex(into text: UnsafeMutableBufferPointer<UInt8>) {
        withUnsafeBytes(of: words) { bytes in
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = Self.digits[Int(byte >> 4)]
                text[2 * index + 1] = Self.digits[Int(byte & 0x0F)]
            }
        }
    }

    /// Appends the 64 hex digits to `text`.
    public func appendHex(to text: inout [UInt8]) {
        let start = text.count
        text.append(contentsOf: repeatElement(0, count: 2 * Self.byteCount))
        text.withUnsafeMutableBufferPointer { writeHex(into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// The 64 hex digits.
    public var hex: String {
        String(unsafeUninitializedCapacity: 2 * Self.byteCount) { text in
            writeHex(into: text)
            return 2 * Self.byteCount
        }
    }

    /// `body` given the 32 bytes.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(of: words, body)
    }

    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        lhs.words == rhs.words
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: words) { hasher.combine(bytes: $0) }
    }
}
