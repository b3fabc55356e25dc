/// Splits template source into tokens, following `{{=<% %>=}}` delimiter changes, and checks
/// that every scope tag is closed by a matching `{{/name}}` (the tokenizer is the one place
/// that knows every tag's position, so nesting errors are reported here).
struct Tokenizer {
    /// Real templates nest a handful of sections; deeper nesting is refused where it starts, so
    /// a hostile template (10,000 nested sections) can neither exhaust the stack nor the time.
    static let maximumNestingDepth = 100

    private struct Delimiters {
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)

        func spell(_ sigil: String, _ name: String) -> String {
            String(decoding: open, as: UTF8.self) + sigil + name + String(decoding: close, as: UTF8.self)
        }
    }

    private let bytes: [UInt8]
    private let file: String
    private var delimiters = Delimiters()
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// The last position whose column was counted, so columns along one long line are counted
    /// once rather than from the line start for every tag.
    private var counted = (index: 0, column: 1)
    private var tokens: [Token] = []
    private var openScopes: [(kind: ScopeKind, tag: Token)] = []

    private init(source: String, file: String) {
        bytes = Array(source.utf8)
        self.file = file
    }

    static func tokenize(_ source: String, file: String) throws(MustacheError) -> [Token] {
        var tokenizer = Tokenizer(source: source, file: file)
        try tokenizer.scan()
        return tokenizer.tokens
    }

    private mutating func scan() throws(MustacheError) {
        var textStart = position
        while position < bytes.count {
            if bytes[position] == ASCII.newline {
                let crlf = position > textStart && bytes[position - 1] == ASCII.carriageReturn
                appendText(from: textStart, to: crlf ? position - 1 : position)
                tokens.append(Token(.newline, crlf ? "\r\n" : "\n", at: location(of: position)))
                position += 1
                line += 1
                lineStart = position
                textStart = position
            } else if matches(delimiters.open, at: position) {
                appendText(from: textStart, to: position)
                try scanTag()
                textStart = position
            } else {
                position += 1
            }
        }
        appendText(from: textStart, to: position)
        if let (kind, tag) = openScopes.last {
            throw MustacheError(
                "\(kind.noun) '\(tag.content)' opened here is never closed; expected \(delimiters.spell("/", tag.content))",
                at: tag.location)
        }
    }

    private mutating func appendText(from start: Int, to end: Int) {
        guard start < end else { return }
        tokens.append(Token(.text, String(decoding: bytes[start..<end], as: UTF8.self), at: location(of: start)))
    }

    private mutating func scanTag() throws(MustacheError) {
        let tagLocation = location(of: position)
        let contentStart = position + delimiters.open.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : nil
        let terminator: [UInt8] =
            switch sigil {
            case ASCII.openBrace: [ASCII.closeBrace] + delimiters.close
            case ASCII.equals: [ASCII.equals] + delimiters.close
            default: delimiters.close
            }
        let nameStart = sigil.map(ASCII.sigils.contains) == true ? contentStart + 1 : contentStart
        // Only comments may span lines; stopping other tags at the line end points the
        // error at the tag that lacks its closing delimiter instead of at a later tag.
        let isComment = sigil == ASCII.bang
        guard let end = find(terminator, from: nameStart, stopAtNewline: !isComment) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw MustacheError(
                isComment
                    ? "comment is never closed; expected '\(expected)'"
                    : "tag is never closed; expected '\(expected)' on the same line",
                at: tagLocation)
        }
        let content = String(decoding: bytes[nameStart..<end], as: UTF8.self)
        let tagEnd = end + terminator.count
        for index in position..<tagEnd where bytes[index] == ASCII.newline {
            line += 1
            lineStart = index + 1
        }
        position = tagEnd
        try appendTag(sigil: sigil, content: content, at: tagLocation)
    }

    private mutating func appendTag(sigil: UInt8?, content: String, at location: SourceLocation) throws(MustacheError) {
        switch sigil {
        case ASCII.bang:
            tokens.append(Token(.comment, content, at: location))
        case ASCII.equals:
            try changeDelimiters(content, at: location)
            tokens.append(Token(.setDelimiters, content, at: location))
        case ASCII.hash:
            try openScope(.section, name: content, at: location)
        case ASCII.caret:
            try openScope(.invertedSection, name: content, at: location)
        case ASCII.lessThan:
            try openScope(.parent, name: content, at: location)
        case ASCII.dollar:
            try openScope(.block, name: content, at: location)
        case ASCII.slash:
            try closeScope(name: content, at: location)
        case ASCII.greaterThan:
            tokens.append(Token(.partial, try checkedName(content, sigil: ">", at: location), at: location))
        case ASCII.ampersand:
            tokens.append(
                Token(.variable(escaped: false), try lookupName(content, sigil: "&", at: location), at: location))
        case ASCII.openBrace:
            tokens.append(
                Token(.variable(escaped: false), try lookupName(content, sigil: "{", at: location), at: location))
        default:
            tokens.append(
                Token(.variable(escaped: true), try lookupName(content, sigil: "", at: location), at: location))
        }
    }

    private mutating func openScope(_ kind: ScopeKind, name raw: String, at location: SourceLocation)
        throws(MustacheError)
    {
        let name =
            kind.isInheritance
            ? try checkedName(raw, sigil: kind.sigil, at: location)
            : try lookupName(raw, sigil: kind.sigil, at: location)
        guard openScopes.count < Self.maximumNestingDepth else {
            throw MustacheError(
                "\(kind.noun) '\(name)' is nested more than \(Self.maximumNestingDepth) levels deep; expected at most \(Self.maximumNestingDepth)",
                at: location)
        }
        let token = Token(.open(kind), name, at: location)
        tokens.append(token)
        openScopes.append((kind, token))
    }

    private mutating func closeScope(name raw: String, at location: SourceLocation) throws(MustacheError) {
        let name = try checkedName(raw, sigil: "/", at: location)
        let spelling = delimiters.spell("/", name)
        guard let (kind, opener) = openScopes.popLast() else {
            throw MustacheError("closing tag \(spelling) has no open section to close", at: location)
        }
        guard opener.content == name else {
            throw MustacheError(
                "closing tag \(spelling) does not match the open \(kind.noun) '\(opener.content)' (opened at \(opener.location.lineAndColumn))",
                at: location)
        }
        tokens.append(Token(.close(kind), name, at: location))
    }

    private mutating func changeDelimiters(_ content: String, at location: SourceLocation) throws(MustacheError) {
        let parts = content.split(whereSeparator: ASCII.isBlank)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw MustacheError(
                "invalid delimiter change '\(content)'; expected two delimiters separated by a space, e.g. \(delimiters.spell("=", "<% %>="))",
                at: location)
        }
        delimiters.open = Array(parts[0].utf8)
        delimiters.close = Array(parts[1].utf8)
    }

    /// A partial, parent or block name: any text without whitespace.
    private func checkedName(_ raw: String, sigil: String, at location: SourceLocation) throws(MustacheError) -> String
    {
        let name = raw.trimmingBlanks()
        guard !name.isEmpty else {
            let opening = String(decoding: delimiters.open, as: UTF8.self) + sigil
            throw MustacheError("empty tag; expected a name after '\(opening)'", at: location)
        }
        guard !name.contains(where: ASCII.isBlank) else {
            throw MustacheError("tag name '\(name)' contains whitespace; expected a single name", at: location)
        }
        return name
    }

    /// A name looked up in the context: `.` or dot-separated keys such as `page.title`.
    private func lookupName(_ raw: String, sigil: String, at location: SourceLocation) throws(MustacheError) -> String {
        let name = try checkedName(raw, sigil: sigil, at: location)
        guard name == "." || !name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else {
            throw MustacheError("invalid name '\(name)'; expected '.' or keys separated by single dots", at: location)
        }
        return name
    }

    private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
        index + delimiter.count <= bytes.count && bytes[index..<index + delimiter.count].elementsEqual(delimiter)
    }

    private func find(_ terminator: [UInt8], from start: Int, stopAtNewline: Bool) -> Int? {
        var index = start
        while index + terminator.count <= bytes.count {
            if matches(terminator, at: index) { return index }
            if stopAtNewline && bytes[index] == ASCII.newline { return nil }
            index += 1
        }
        return nil
    }

    private mutating func location(of index: Int) -> SourceLocation {
        let from = counted.index >= lineStart && counted.index <= index ? counted : (index: lineStart, column: 1)
        let column = from.column + String(decoding: bytes[from.index..<index], as: UTF8.self).count
        counted = (index, column)
        return SourceLocation(file: file, line: line, column: column)
    }
}

private enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let bang = UInt8(ascii: "!")
    static let equals = UInt8(ascii: "=")
    static let hash = UInt8(ascii: "#")
    static let caret = UInt8(ascii: "^")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let dollar = UInt8(ascii: "$")
    static let slash = UInt8(ascii: "/")
    static let ampersand = UInt8(ascii: "&")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let sigils: Set<UInt8> = [
        bang, equals, hash, caret, lessThan, greaterThan, dollar, slash, ampersand, openBrace
    ]

    static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r\n" || character == "\r"
    }
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        guard let first = firstIndex(where: { !ASCII.isBlank($0) }),
            let last = lastIndex(where: { !ASCII.isBlank($0) })
        else { return "" }
        return String(self[first...last])
    }
}
