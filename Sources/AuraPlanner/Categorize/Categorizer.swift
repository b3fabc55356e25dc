/// A category with the one-line reason it was chosen.
public struct Categorization: Sendable, Equatable {
    public let category: Category
    public let reason: String

    public init(category: Category, reason: String) {
        self.category = category
        self.reason = reason
    }
}

/// Sorts an item into one of the four categories by the words in its title, with a reason a
/// person can check. A `#deep`/`#admin`/`#health`/`#culture` tag wins outright.
public struct Categorizer: Sendable {
    /// At or below this score the words are only a hint.
    static let weakScore = 2
    /// Words after which the next few words say what the task is not (`without my laptop`).
    private static let negations: Set<String> = ["without", "no", "not", "never", "minus"]
    /// How many words a negation covers.
    private static let negationReach = 3
    /// Words after which a Capitalized word is a name (`a comedian called Bill`).
    private static let namers: Set<String> = ["called", "named"]
    private static let mediaVerbs: Set<String> = ["read", "watch", "see", "listen", "rewatch", "reread"]
    private static let bookingVerbs: Set<String> = ["book", "reserve"]

    public init() {}

    public func categorize(_ item: CapturedItem) -> Categorization {
        if let tag = item.categoryTag {
            return Categorization(category: tag, reason: "tagged \(tag.tag)")
        }
        let written = words(item.title)
        let lowered = written.map { $0.lowercased() }
        var scores: [Category: Int] = [:]
        var firstSeen: [Category: Int] = [:]
        var evidence: [Category: [String]] = [:]
        var index = 0
        func count(_ category: Category, _ weight: Int, _ what: String) {
            scores[category, default: 0] += weight
            firstSeen[category] = firstSeen[category] ?? index
            evidence[category, default: []].append(what)
        }

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
                count(phrase.category, phrase.weight, "“" + written[index..<index + phrase.words.count].joined(separator: " ") + "”")
                index += phrase.words.count
                continue
            }
            let word = lowered[index]
            if index == 0, Self.bookingVerbs.contains(word) {
                // "book a table" is an errand; "book" later in a line is usually the noun.
                count(.admin, 2, "“\(written[index])”")
            } else if let (category, weight) = CategoryLexicon.forms(of: word).lazy.compactMap({ CategoryLexicon.words[$0] }).first {
                // The opening verb says most about what the task is.
                count(category, weight + (index == 0 ? 1 : 0), "“\(written[index])”")
            }
            index += 1
        }
        if let verb = mediaVerbBeforeTitle(in: item.title) {
            count(.culture, 3, "a title after “\(verb)”")
            evidence[.culture]?.removeAll { $0 == "“\(verb)”" }
        }

        // Highest score wins; a tie goes to the category whose first telling word came first.
        guard let best = scores.keys.max(by: { (scores[$0]!, -firstSeen[$0]!) < (scores[$1]!, -firstSeen[$1]!) }) else {
            return fallback(for: item)
        }
        let mentions = "mentions " + englishList(Array(evidence[best, default: []].prefix(3)))
        // A hint alone (`fix`, `see`, `get`) is a guess, and the reason says so.
        return Categorization(category: best, reason: scores[best]! <= Self.weakScore ? mentions + ", a weak sign: tag it if not" : mentions)
    }

    /// The verb in `watch Parasite` or `see Hamlet at the Globe`: a media verb followed by a
    /// Capitalized name (not a title such as Dr).
    private func mediaVerbBeforeTitle(in title: String) -> String? {
        let raw = title.split(whereSeparator: \.isWhitespace)
        for (index, word) in raw.enumerated().dropLast() where Self.mediaVerbs.contains(word.lowercased()) {
            let next = raw[index + 1]
            if next.first?.isUppercase == true, !["Dr", "Dr.", "Mr", "Mrs", "Ms"].contains(String(next)) {
                return String(word)
            }
        }
        return nil
    }

    /// With no telling words the guess is Admin, routine being the usual task; its length says
    /// nothing (a long chore needs no concentration). The reason says the guess is a guess.
    private func fallback(for item: CapturedItem) -> Categorization {
        Categorization(category: .admin, reason: "no telling words, so a guess: routine tasks are admin; tag it #deep, #health or #culture if not")
    }
}
