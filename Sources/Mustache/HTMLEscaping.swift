extension [UInt8] {
    /// Appends `text` with `& < > " '` replaced by HTML entities, copying unescaped runs in one go.
    mutating func appendEscapingHTML(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
