/// Finds positions in JSON text for error messages — the first syntax error, or where the value
/// at a decoding path starts — since Foundation's decoder reports neither line nor column.
struct JSONLocator {
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    struct Position: Equatable {
        var line = 1
        var column = 1
    }

    struct SyntaxError: Error {
        let position: Position
        let message: String
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var position = Position()
    private var target: [PathComponent]?
    private var found: Position?

    private init(_ bytes: [UInt8], target: [PathComponent]?) {
        self.bytes = bytes
        self.target = target
    }

    /// The first syntax error in `bytes`, or nil for well-formed JSON.
    static func syntaxError(in bytes: [UInt8]) -> SyntaxError? {
        var locator = JSONLocator(bytes, target: nil)
        do {
            try locator.document()
            return nil
        } catch {
            return error
        }
    }

    /// Where the value at `path` starts, when the document is well formed up to it.
    static func position(of path: [PathComponent], in bytes: [UInt8]) -> Position? {
        var locator = JSONLocator(bytes, target: path)
        try? locator.document()
        return locator.found
    }

    private mutating func document() throws(SyntaxError) {
        skipSpace()
        try value(path: [])
        skipSpace()
        if offset < bytes.count { throw fail("unexpected text after the end of the JSON document") }
    }

    private mutating func value(path: [PathComponent]) throws(SyntaxError) {
        if path == target, found == nil { found = position }
        if path.count >= InputLimits.maximumJSONDepth, peek == UInt8(ascii: "{") || peek == UInt8(ascii: "[") {
            throw fail(
                "arrays and objects nested more than \(InputLimits.maximumJSONDepth) levels deep; expected at most \(InputLimits.maximumJSONDepth)"
            )
        }
        guard let byte = peek else { throw fail("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try object(path: path)
        case UInt8(ascii: "["): try array(path: path)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(byte)))'; expected a value")
        }
    }

    private mutating func object(path: [PathComponent]) throws(SyntaxError) {
        advance()
        skipSpace()
        if peek == UInt8(ascii: "}") { return advance() }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(key)\"") }
            advance()
            skipSpace()
            try value(path: path + [.key(key)])
            skipSpace()
            if peek == UInt8(ascii: ",") {
                advance()
                skipSpace()
            } else if peek == UInt8(ascii: "}") {
                return advance()
            } else {
                throw fail(
                    peek == nil
                        ? "unexpected end of file; expected ',' or '}'"
                        : "expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func array(path: [PathComponent]) throws(SyntaxError) {
        advance()
        skipSpace()
        if peek == UInt8(ascii: "]") { return advance() }
        var index = 0
        while true {
            try value(path: path + [.index(index)])
            index += 1
            skipSpace()
            if peek == UInt8(ascii: ",") {
                advance()
                skipSpace()
            } else if peek == UInt8(ascii: "]") {
                return advance()
            } else {
                throw fail(
                    peek == nil
                        ? "unexpected end of file; expected ',' or ']'" : "expected ',' or ']' after an array element")
            }
        }
    }

    @discardableResult
    private mutating func string() throws(SyntaxError) -> String {
        let start = position
        advance()
        var content: [UInt8] = []
        while let byte = peek {
            advance()
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: content, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { break }
                content.append(escaped)
                advance()
            case 0..<0x20: throw fail("a control character inside a string; expected it escaped")
            default: content.append(byte)
            }
        }
        throw SyntaxError(position: start, message: "unterminated string")
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for expected in word.utf8 {
            guard peek == expected else { throw fail("expected '\(word)'") }
            advance()
        }
    }

    private mutating func number() throws(SyntaxError) {
        let numberBytes = Set("+-0123456789.eE".utf8)
        let start = offset
        while let byte = peek, numberBytes.contains(byte) { advance() }
        if Double(String(decoding: bytes[start..<offset], as: UTF8.self)) == nil { throw fail("malformed number") }
    }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            position.line += 1
            position.column = 1
        } else if byte & 0xC0 != 0x80 {
            // Columns count characters, not the continuation bytes of UTF-8 sequences.
            position.column += 1
        }
    }

    private mutating func skipSpace() {
        while let byte = peek, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { advance() }
    }

    private func fail(_ message: String) -> SyntaxError {
        SyntaxError(position: position, message: message)
    }
}

extension JSONLocator {
    /// A decoding error placed at the value it is about, its path leading the message
    /// (`tasks[0].minutes: …`), since Foundation's decoder reports neither line nor column.
    static func error(for error: DecodingError, in bytes: [UInt8]) -> InputError {
        let (path, message): ([any CodingKey], String) =
            switch error {
            case .typeMismatch(let type, let context): (context.codingPath, "expected \(describe(type))")
            case .valueNotFound(let type, let context): (context.codingPath, "expected \(describe(type)), found null")
            case .keyNotFound(let key, let context): (context.codingPath, "missing \"\(key.stringValue)\"")
            case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
            @unknown default: ([], "\(error)")
            }
        let components = path.map { key in
            key.intValue.map(PathComponent.index) ?? .key(key.stringValue)
        }
        let at = position(of: components, in: bytes) ?? .init()
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return InputError(
            line: at.line, column: at.column,
            message: (field.isEmpty ? "" : "\(field.dropFirst(field.hasPrefix(".") ? 1 : 0)): ") + message)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
