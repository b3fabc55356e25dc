/// What the word lists say about a title: each category's score and the words that earned it.
struct LexiconReading: Sendable {
    /// At or below this score the words are only a hint.
    static let weakScore = 2
    /// At or above this (two decisive words: `haircut … salon`) the words are certain.
    static let certainScore = 6
    /// Words after which the next few words say what the task is not (`without my laptop`).
    private static let negations: Set<String> = ["without", "no", "not", "never", "minus"]
    /// How many words a negation covers.
    private static let negationReach = 3
    /// Words after which a Capitalized word is a name (`a comedian called Bill`).
    private static let namers: Set<String> = ["called", "named"]
    private static let mediaVerbs: Set<String> = ["read", "watch", "see", "listen", "rewatch", "reread"]
    private static let bookingVerbs: Set<String> = ["book", "reserve"]

    private(set) var scores: [Category: Int] = [:]
    private(set) var evidence: [Category: [String]] = [:]
    private var firstSeen: [Category: Int] = [:]

    /// The highest score; a tie goes to the category whose first telling word came first.
    var best: Category? {
        scores.keys.max { (scores[$0]!, -firstSeen[$0]!) < (scores[$1]!, -firstSeen[$1]!) }
    }

    /// The best category when its score is more than a hint.
    var strong: Category? {
        best.flatMap { scores[$0]! > Self.weakScore ? $0 : nil }
    }

    /// Whether the best category's words are certain.
    var certain: Bool {
        best.map { scores[$0]! >= Self.certainScore } ?? false
    }

    /// "mentions “email” and “landlord”" for a category with evidence, else nil.
    func mentions(_ category: Category) -> String? {
        guard let words = evidence[category], !words.isEmpty else { return nil }
        return "mentions " + englishList(Array(words.prefix(3)))
    }

    init(title: String) {
        let written = words(title)
        let lowered = written.map { $0.lowercased() }
        var index = 0
        var ignoredUntil = 0
        while index < lowered.count {
            if Self.negations.contains(lowered[index]) {
                ignoredUntil = index + 1 + Self.negationReach
            } else if Self.namers.contains(lowered[index]) {
                var end = index + 1
                while end < written.count, written[end].first?.isUppercase == true { end += 1 }
                ignoredUntil = max(ignoredUntil, end)
            }
            if index < ignoredUntil {
                index += 1
                continue
            }
            if let phrase = CategoryLexicon.phrases.first(where: { lowered[index...].starts(with: $0.words) }) {
                count(
                    phrase.category, phrase.weight,
                    "“" + written[index..<index + phrase.words.count].joined(separator: " ") + "”", at: index)
                index += phrase.words.count
                continue
            }
            let word = lowered[index]
            if index == 0, Self.bookingVerbs.contains(word) {
                // "book a table" is an errand; "book" later in a line is usually the noun.
                count(.admin, 2, "“\(written[index])”", at: index)
            } else if let (category, weight) = CategoryLexicon.forms(of: word).lazy.compactMap({
                CategoryLexicon.words[$0]
            }).first {
                // The opening verb says most about what the task is.
                count(category, weight + (index == 0 ? 1 : 0), "“\(written[index])”", at: index)
            }
            index += 1
        }
        if let verb = Self.mediaVerbBeforeTitle(in: title) {
            count(.culture, 3, "a title after “\(verb)”", at: index)
            evidence[.culture]?.removeAll { $0 == "“\(verb)”" }
        }
    }

    private mutating func count(_ category: Category, _ weight: Int, _ what: String, at index: Int) {
        scores[category, default: 0] += weight
        firstSeen[category] = firstSeen[category] ?? index
        evidence[category, default: []].append(what)
    }

    /// The verb in `watch Parasite` or `see Hamlet at the Globe`: a media verb followed by a
    /// Capitalized name (not a title such as Dr).
    private static func mediaVerbBeforeTitle(in title: String) -> String? {
        let raw = title.split(whereSeparator: \.isWhitespace)
        for (index, word) in raw.enumerated().dropLast() where mediaVerbs.contains(word.lowercased()) {
            let next = raw[index + 1]
            if next.first?.isUppercase == true, !["Dr", "Dr.", "Mr", "Mrs", "Ms"].contains(String(next)) {
                return String(word)
            }
        }
        return nil
    }
}
