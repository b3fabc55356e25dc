/// One whitespace-separated word of a capture line, with what the phrase matchers compare.
struct CaptureToken: Sendable {
    /// The word as written, punctuation included.
    let raw: Substring
    /// Lowercased, without wrapping brackets or trailing punctuation, text-speak spelled out
    /// (`CaptureVocabulary.spellings`): what matchers compare.
    let word: String
    /// Punctuation after the word (`,` in `friday,`), kept in the title when the word is consumed.
    let trailing: Substring
    /// Whether the punctuation after the word ends a clause (`friday,`, `23rd;`).
    var endsClause: Bool { trailing.hasPrefix(",") || trailing.hasPrefix(";") }
    /// 1-based column in the line.
    let column: Int
    /// `word` is what a misspelling (`CaptureVocabulary.misspellings`) was read as.
    let isRespelled: Bool
    /// `word` is what text-speak (`CaptureVocabulary.spellings`: `wkend`, `tmrw`) spells out.
    let isShorthand: Bool
    /// Inside quotes, or judged part of a title: never read as a date, time or duration.
    var isProtected: Bool

    var isCapitalized: Bool { raw.first { $0.isLetter }.map(\.isUppercase) ?? false }

    private static let openers: [Character: Character] = ["\"": "\"", "“": "”", "«": "»", "‘": "’", "'": "'"]
    private static let trailingPunctuation = Set(",.;:!?)]”’\"'»")

    /// Splits `line` into tokens. Quoted stretches (`"…"`, `“…”`, `‘…’`, `«…»`, and `'…'` opening
    /// at a word start) are protected; apostrophes inside words (`Sam's`) open nothing.
    static func tokenize(_ line: Substring) -> [CaptureToken] {
        var tokens: [CaptureToken] = []
        var closing: Character?
        for (raw, column) in words(of: line) {
            var rest = raw
            if closing == nil, let first = raw.first, let close = openers[first] {
                closing = close
                rest = raw.dropFirst()
            }
            let protected = closing != nil
            if let close = closing, rest.trimmingSuffix(while: { ",.;:!?)".contains($0) }).last == close {
                closing = nil
            }
            tokens.append(CaptureToken(raw: raw, column: column, isProtected: protected))
        }
        return tokens
    }

    /// The whitespace-separated words of `line` with their 1-based columns in its base string,
    /// counted as the scan goes: measuring each word from the start would make a long line
    /// quadratic.
    private static func words(of line: Substring) -> [(Substring, Int)] {
        var result: [(Substring, Int)] = []
        var column = line.base.distance(from: line.base.startIndex, to: line.startIndex) + 1
        var index = line.startIndex
        while index < line.endIndex {
            if line[index].isWhitespace {
                index = line.index(after: index)
                column += 1
                continue
            }
            let start = index
            let startColumn = column
            while index < line.endIndex, !line[index].isWhitespace {
                index = line.index(after: index)
                column += 1
            }
            result.append((line[start..<index], startColumn))
        }
        return result
    }

    init(raw: Substring, column: Int, isProtected: Bool) {
        self.raw = raw
        self.column = column
        self.isProtected = isProtected
        var core = raw
        while let first = core.first, "([“‘\"'«".contains(first) { core.removeFirst() }
        let stem = core.trimmingSuffix { Self.trailingPunctuation.contains($0) }
        trailing = core[stem.endIndex...]
        let lowered = stem.lowercased()
        let respelled = CaptureVocabulary.spellings[lowered] == nil ? CaptureVocabulary.misspellings[lowered] : nil
        word = CaptureVocabulary.spellings[lowered] ?? respelled ?? lowered
        isRespelled = respelled != nil
        isShorthand = CaptureVocabulary.spellings[lowered] != nil
    }
}

extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
