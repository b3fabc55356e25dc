/// Splits a voice-memo transcript into the items it mentions: at sentence ends and at the
/// connectors "and then", "also" and ", then", dropping spoken filler ("so", "I need to").
enum MemoSplitter {
    private static let abbreviations: Set<String> = [
        "a.m", "p.m", "e.g", "i.e", "dr", "mr", "mrs", "ms", "st", "vs", "etc", "approx"
    ]
    private static let leadingFillers: [[String]] = [
        ["i", "also", "need", "to"], ["i", "need", "to"], ["need", "to"], ["i", "have", "to"], ["have", "to"],
        ["i've", "got", "to"], ["i", "gotta"], ["gotta"], ["i", "should"], ["i", "must"], ["i", "want", "to"],
        ["want", "to"], ["i'd", "like", "to"], ["remember", "to"], ["don't", "forget", "to"], ["dont", "forget", "to"],
        ["i'll"], ["i", "will"], ["i'm", "going", "to"], ["going", "to"], ["let's"], ["let", "me"],
        ["we", "need", "to"], ["we", "should"], ["so"], ["um"], ["uh"], ["erm"], ["okay"], ["ok"], ["right"],
        ["oh"], ["well"], ["and"], ["then"], ["also"], ["plus"]
    ]
    private static let trailingFillers: Set<String> = ["and", "i", "we", "so", "then", "um", "uh", "also", "too", "oh"]

    static func pieces(of text: Substring) -> [Substring] {
        sentences(of: text).flatMap(clauses).compactMap(trimmed)
    }

    /// Cuts after `.`, `!`, `?` or `;` followed by a space or the end, except after an
    /// abbreviation such as `p.m.`. The terminator is left out of the sentence.
    private static func sentences(of text: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".!?;".contains(text[index]), next == text.endIndex || text[next].isWhitespace {
                let word = lastWord(of: text[start..<index]).lowercased()
                if text[index] != "." || !abbreviations.contains(word) {
                    result.append(text[start..<index])
                    start = next
                }
            }
            index = next
        }
        result.append(text[start...])
        return result
    }

    /// The word at the end of `text`, found from the end: splitting the whole sentence at every
    /// full stop would make a memo of many abbreviations quadratic.
    private static func lastWord(of text: Substring) -> Substring {
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? text.startIndex
        let start = text[..<end].lastIndex(where: \.isWhitespace).map(text.index(after:)) ?? text.startIndex
        return text[start..<end]
    }

    /// Cuts a sentence at "and then", "also" and ", then", leaving the connector out.
    private static func clauses(of sentence: Substring) -> [Substring] {
        let words = sentence.split(whereSeparator: \.isWhitespace)
        var result: [Substring] = []
        var start = sentence.startIndex
        var index = 0
        while index < words.count {
            let word = normalized(words[index])
            let afterComma = index > 0 && words[index - 1].hasSuffix(",")
            var length = 0
            if word == "and", index + 1 < words.count, ["then", "also"].contains(normalized(words[index + 1])) {
                length = 2
            } else if word == "also" || (word == "then" && afterComma) {
                length = 1
            }
            if length > 0 {
                result.append(sentence[start..<words[index].startIndex])
                start = words[index + length - 1].endIndex
                index += length
            } else {
                index += 1
            }
        }
        result.append(sentence[start...])
        return result
    }

    /// A clause without spoken filler at either end, or nil when nothing is left.
    private static func trimmed(_ clause: Substring) -> Substring? {
        // Dropped from the front as a slice, not removed from an array: a clause of many
        // fillers stays linear.
        var words = clause.split(whereSeparator: \.isWhitespace)[...]
        var stripped = true
        while stripped {
            stripped = false
            for filler in leadingFillers
            where words.count >= filler.count
                && zip(words, filler).allSatisfy({ normalized($0) == $1 })
            {
                words = words.dropFirst(filler.count)
                stripped = true
                break
            }
        }
        while let last = words.last, trailingFillers.contains(normalized(last)) { words.removeLast() }
        guard let first = words.first, let last = words.last else { return nil }
        return clause[first.startIndex..<last.endIndex].trimmingSuffix { $0 == "," }
    }

    private static func normalized(_ word: Substring) -> String {
        word.lowercased()[...].trimmingPrefix(while: { ",;:".contains($0) }).trimmingSuffix { ",;:".contains($0) }
            .lowercased()
    }
}
