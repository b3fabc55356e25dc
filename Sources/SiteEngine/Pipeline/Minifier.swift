/// Whitespace-and-comment minification of the theme's scripts and stylesheets, done by the build.
///
/// Nothing is renamed or rewritten, so no source map is needed: the readable sources are the
/// files in `Templates/assets/`. Strings, template literals and regular-expression literals are
/// copied byte for byte.
package enum Minifier {
    /// `source` without comments, indentation, trailing spaces and blank lines. Line breaks
    /// between statements stay, so automatic semicolon insertion reads the code as before; a
    /// block comment that spans lines becomes a line break for the same reason.
    package static func javaScript(_ source: String) -> String {
        var scanner = JavaScriptScanner(Array(source.utf8))
        return scanner.run()
    }

    /// `source` without comments, with runs of whitespace made one space, the spaces around `{`,
    /// `}`, `;` and `,` and after `:` dropped, and no `;` before a `}`. Never around `+` or `-`,
    /// which `calc()` needs, nor before `:`, where `a :hover` differs from `a:hover`. Strings are
    /// kept as written.
    package static func css(_ source: String) -> String {
        let input = Array(source.utf8)
        var out: [UInt8] = []
        var index = 0
        var pendingSpace = false
        func tight(_ byte: UInt8?, after: Bool) -> Bool {
            byte.map { (after ? "{};,:" : "{};,").utf8.contains($0) } ?? true
        }
        while index < input.count {
            let byte = input[index]
            if byte == .slash, index + 1 < input.count, input[index + 1] == .star {
                // Gone without a trace: `.a/**/.b` is `.a.b`, not `.a .b`.
                index += 2
                while index + 1 < input.count, !(input[index] == .star && input[index + 1] == .slash) { index += 1 }
                index = min(index + 2, input.count)
                continue
            }
            if byte.isJavaScriptSpace || byte == .newline {
                pendingSpace = true
                index += 1
                continue
            }
            if byte == .semicolon {
                // A `;` right before `}` is dropped.
                var next = index + 1
                while next < input.count, input[next].isJavaScriptSpace || input[next] == .newline { next += 1 }
                if next < input.count, input[next] == .closeBrace {
                    pendingSpace = false
                    index += 1
                    continue
                }
            }
            if pendingSpace, !tight(out.last, after: true), !tight(byte, after: false) { out.append(.space) }
            pendingSpace = false
            if byte == .quote || byte == .apostrophe {
                index = copyString(input, from: index, quote: byte, into: &out)
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Copies the string that opens at `start` and returns the index after it. A string left
    /// open at a line break ends there, as both languages end it.
    fileprivate static func copyString(_ input: [UInt8], from start: Int, quote: UInt8, into out: inout [UInt8]) -> Int
    {
        out.append(quote)
        return copyLiteral(input, from: start + 1, into: &out, multiline: false) { byte, _ in byte == quote }
    }

    /// Copies a literal's bytes from `start`, each backslash escape whole, through the first
    /// byte that `closes` (given the byte after it too), or up to a line break unless the literal
    /// is `multiline`; returns the index after what it copied.
    fileprivate static func copyLiteral(
        _ input: [UInt8], from start: Int, into out: inout [UInt8], multiline: Bool,
        closes: (UInt8, UInt8?) -> Bool
    ) -> Int {
        var index = start
        while index < input.count {
            let byte = input[index]
            if byte == .backslash, index + 1 < input.count {
                out.append(contentsOf: input[index...index + 1])
                index += 2
                continue
            }
            if byte == .newline, !multiline { return index }
            out.append(byte)
            index += 1
            if closes(byte, index < input.count ? input[index] : nil) { return index }
        }
        return index
    }
}

/// One pass over a script, knowing at every byte whether it is code, a string, a template
/// literal (and its `${}` substitutions) or a regular expression.
private struct JavaScriptScanner {
    package let input: [UInt8]
    package var index = 0
    package var out: [UInt8] = []
    /// One entry per template literal we are inside: the brace depth of its current substitution.
    var substitutions: [Int] = []
    /// The last two bytes of code written, and the last word, to tell a regular expression's `/`
    /// from a division's.
    package var previous: (UInt8?, UInt8?) = (nil, nil)
    package var lastWord: [UInt8] = []
    /// Set by whitespace and comments: the next name starts a new word.
    var wordEnded = false

    package init(_ input: [UInt8]) { self.input = input }

    /// Words after which a `/` opens a regular expression, not a division.
    static let regexKeywords: Set<[UInt8]> = Set(
        [
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
            "throw", "case", "do", "else", "yield", "await"
        ].map { Array($0.utf8) })

    package mutating func run() -> String {
        while index < input.count {
            let byte = input[index]
            let next = index + 1 < input.count ? input[index + 1] : nil
            switch byte {
            case .newline:
                lineBreak()
                index += 1
            case _ where byte.isJavaScriptSpace:
                wordEnded = true
                if !(out.last == nil || out.last == .newline || out.last.map(\.isJavaScriptSpace) == true) {
                    out.append(.space)
                }
                index += 1
            case .slash where next == .slash:
                wordEnded = true
                while index < input.count, input[index] != .newline { index += 1 }
            case .slash where next == .star:
                let end = closingComment()
                wordEnded = true
                if input[index..<end].contains(.newline) { lineBreak() } else { space() }
                index = end
            case .slash where opensRegularExpression():
                copyRegularExpression()
            case .quote, .apostrophe:
                index = Minifier.copyString(input, from: index, quote: byte, into: &out)
                wrote(byte)
            case .backtick:
                out.append(byte)
                index += 1
                copyTemplate()
            case .openBrace where !substitutions.isEmpty:
                substitutions[substitutions.count - 1] += 1
                write(byte)
            case .closeBrace where substitutions.last == 0:
                // The end of a `${}` substitution: back inside its template literal.
                substitutions.removeLast()
                out.append(byte)
                index += 1
                copyTemplate()
            case .closeBrace where !substitutions.isEmpty:
                substitutions[substitutions.count - 1] -= 1
                write(byte)
            default:
                write(byte)
            }
        }
        trimTrailingSpace()
        if out.last == .newline { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    package mutating func write(_ byte: UInt8) {
        out.append(byte)
        index += 1
        wrote(byte)
    }

    package mutating func wrote(_ byte: UInt8) {
        if byte.isIdentifierPart {
            if wordEnded || !(previous.1?.isIdentifierPart ?? false) { lastWord = [] }
            lastWord.append(byte)
        }
        wordEnded = false
        previous = (previous.1, byte)
    }

    package mutating func lineBreak() {
        wordEnded = true
        trimTrailingSpace()
        if let last = out.last, last != .newline { out.append(.newline) }
    }

    package mutating func space() {
        if let last = out.last, last != .newline, !last.isJavaScriptSpace { out.append(.space) }
    }

    mutating func trimTrailingSpace() {
        while let last = out.last, last.isJavaScriptSpace { out.removeLast() }
    }

    /// The index just past the `*/` of the block comment at `index`.
    func closingComment() -> Int {
        var end = index + 2
        while end + 1 < input.count, !(input[end] == .star && input[end + 1] == .slash) { end += 1 }
        return min(end + 2, input.count)
    }

    /// Whether the `/` at `index` opens a regular expression: at the start, after an operator or
    /// an opening bracket, or after a keyword such as `return`; not after a name, a number, a
    /// closing bracket or `++`/`--`.
    func opensRegularExpression() -> Bool {
        guard let last = previous.1 else { return true }
        if last.isIdentifierPart { return Self.regexKeywords.contains(lastWord) }
        if last == .closeParen || last == .closeBracket || last == .quote || last == .apostrophe || last == .backtick {
            return false
        }
        if (last == .plus || last == .minus) && previous.0 == last { return false }
        return true
    }

    mutating func copyRegularExpression() {
        var inClass = false
        out.append(input[index])
        index = Minifier.copyLiteral(input, from: index + 1, into: &out, multiline: false) { byte, _ in
            if byte == .openBracket { inClass = true } else if byte == .closeBracket { inClass = false }
            return byte == .slash && !inClass
        }
        while index < input.count, input[index].isIdentifierPart {
            out.append(input[index])
            index += 1
        }
        previous = (.slash, .closeParen)  // what follows a regular expression divides, like after `)`
    }

    /// Copies template-literal text verbatim up to its closing backtick, or into a `${`.
    mutating func copyTemplate() {
        index = Minifier.copyLiteral(input, from: index, into: &out, multiline: true) { byte, next in
            byte == .backtick || (byte == .dollar && next == .openBrace)
        }
        if out.last == .backtick {
            wrote(.backtick)
        } else if out.last == .dollar, index < input.count {
            out.append(.openBrace)
            index += 1
            substitutions.append(0)
            previous = (nil, .openBrace)
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), slash = UInt8(ascii: "/")
    fileprivate static let star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\"), quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'"), backtick = UInt8(ascii: "`"), dollar = UInt8(ascii: "$")
    fileprivate static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}"), semicolon = UInt8(ascii: ";")
    fileprivate static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"),
        closeParen = UInt8(ascii: ")")
    fileprivate static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")

    fileprivate var isJavaScriptSpace: Bool {
        self == .space || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r")
    }

    /// Letters, digits, `_`, `$` and every byte of a non-ASCII character.
    fileprivate var isIdentifierPart: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: "_") || self == .dollar
            || self >= 0x80
    }
}
