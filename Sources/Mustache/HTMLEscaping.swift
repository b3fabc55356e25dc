extension String {
    /// Appends `text` with `& < > " '` replaced by HTML entities, copying unescaped runs in one go.
    mutating func appendEscapingHTML(_ text: String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        for index in utf8.indices {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            self += text[runStart..<index]
            self += entity
            runStart = utf8.index(after: index)
        }
        self += text[runStart...]
    }
}
