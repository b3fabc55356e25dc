import Foundation

/// Text from a person's files and command line, read as they meant it: a UTF-8 byte order mark
/// and Windows line ends are accepted, and control characters — which would reach the HTML,
/// the `.ics` and the terminal as they are — are refused where they stand.
public enum TextInput {
    /// `text` without a leading byte order mark and with CRLF line ends as LF. Lines and
    /// columns are unchanged: the mark and the CR each sit where no position counts.
    public static func normalized(_ text: String) -> String {
        // Most files have neither; a byte scan spares them the walk over characters.
        guard text.utf8.first == 0xEF || holdsCarriageReturn(text) else { return text }
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        // "\r\n" is one Character in Swift, so splitting at it takes both bytes.
        return text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }

    /// The first control character in `text` other than tab and line break (LF or CRLF), at
    /// its 1-based line and column (in characters), or nil when there is none.
    public static func controlCharacterError(in text: some StringProtocol) -> SourceError? {
        guard mayHoldControlCharacter(text.utf8) else { return nil }
        var line = 1
        var column = 1
        for character in text {
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
                continue
            }
            if character != "\t",
                let scalar = character.unicodeScalars.first(where: { $0.properties.generalCategory == .control })
            {
                return SourceError(
                    line: line, column: column,
                    message: "control character \(name(of: scalar)) is not allowed; "
                        + "expected text with no control characters but tabs and line breaks")
            }
            column += 1
        }
        return nil
    }

    /// False when no byte can start a control character (C0 but tab and LF, DEL, or C1 as
    /// 0xC2 0x80–0x9F), so the exact walk over characters is needed only for the rare rest.
    /// Scans a buffer: `utf8.contains` walks a file's String index by index.
    private static func holdsCarriageReturn(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
        } ?? text.utf8.contains(0x0D)
    }

    private static func mayHoldControlCharacter(_ bytes: some Collection<UInt8>) -> Bool {
        // Scanning a buffer rather than a generic collection: this runs over every file read.
        bytes.withContiguousStorageIfAvailable(mayHoldControlCharacter) ?? mayHoldControlCharacter(Array(bytes))
    }

    private static func mayHoldControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F || afterC2 && (0x80...0x9F).contains(byte) {
                return true
            }
            afterC2 = byte == 0xC2
        }
        return false
    }

    private static func mayHoldControlCharacter(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(mayHoldControlCharacter)
    }

    private static func name(of scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL"]
        let code = String(scalar.value, radix: 16, uppercase: true)
        let number = "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
        return names[scalar.value].map { "\(number) (\($0))" } ?? number
    }
}
