/// Every phrase the grammar's rules find in a line, at every word, and the best cover of the
/// line by phrases that do not overlap.
///
/// Rules do not compete by order of trial: each rule is tried at each word, every reading is
/// kept as a span of the chart, and the cover is chosen as a whole (`best`). A reading the
/// cover leaves out costs nothing; an impossible when (`feb 30`) is reported only where no
/// chosen reading covers it.
struct CaptureChart {
    /// The fields of an item a reading sets: a cover sets each at most once, so a second date
    /// on the line is left in the title (and reported) rather than overwriting the first.
    struct Fields: OptionSet, Hashable {
        let rawValue: Int
        static let date = Fields(rawValue: 1)
        static let time = Fields(rawValue: 2)
        static let minutes = Fields(rawValue: 4)
        static let recurrence = Fields(rawValue: 8)
        static let part = Fields(rawValue: 16)
        static let tag = Fields(rawValue: 32)
        static let count = 6
    }

    /// One reading: the words from `start` that a rule read, and what they mean.
    struct Span {
        let start: Int
        let match: PhraseReader.Match
        /// The rule's place in `CaptureGrammar.rules`: earlier rules win ties.
        let rule: Int

        var end: Int { start + match.length }

        var fields: Fields {
            switch match.value {
            case .date, .deadline: .date
            case .time, .fromNow, .dueTime: .time
            case .moment: [.date, .time]
            case .duration, .durationRange: .minutes
            case .recurrence: .recurrence
            case .partOfDay(_, let date): date == nil ? .part : [.part, .date]
            case .tag: .tag
            }
        }

        /// Words covered count most, then fewer phrases (a longer reading over two short
        /// ones), then the earlier rules.
        var score: Int { match.length * 1_000_000 - 10_000 + (CaptureGrammar.rules.count - rule) }
    }

    private(set) var spans: [[Span]]
    /// Impossible whens (`25:00`, `feb 30`) by the word they start at, in rule order.
    private(set) var errors: [Int: CaptureError] = [:]

    /// Tries every rule of `CaptureGrammar` at every word of `reader`'s line.
    init(_ reader: PhraseReader) {
        spans = Array(repeating: [], count: reader.tokens.count)
        for index in reader.tokens.indices where !reader.tokens[index].isProtected {
            for (number, rule) in CaptureGrammar.rules.enumerated() {
                do {
                    if let match = try rule.read(reader, index), match.length > 0 {
                        let span = Span(start: index, match: match, rule: number)
                        // `email Bo about sunday`: the day is what the task is about, not when.
                        if span.fields.contains(.date), CaptureVocabulary.followsSubjectMarker(index, in: reader.tokens)
                        {
                            continue
                        }
                        spans[index].append(span)
                    }
                } catch {
                    if errors[index] == nil { errors[index] = error }
                }
            }
        }
    }

    /// The readings that together cover the most words, each field set once, the earlier
    /// phrase first when two read alike; in line order.
    func best() -> [Span] {
        let count = spans.count
        let masks = 1 << Fields.count
        var score = [Int](repeating: 0, count: (count + 1) * masks)
        var choice = [Int](repeating: -1, count: (count + 1) * masks)
        for index in stride(from: count - 1, through: 0, by: -1) {
            for mask in 0..<masks {
                var top = score[(index + 1) * masks + mask]
                var pick = -1
                for (number, span) in spans[index].enumerated() where span.fields.rawValue & mask == 0 {
                    let total = span.score + score[span.end * masks + (mask | span.fields.rawValue)]
                    // On a tie the earlier phrase is read: `friday or monday` is on Friday.
                    if total > top || (total == top && pick == -1) { (top, pick) = (total, number) }
                }
                score[index * masks + mask] = top
                choice[index * masks + mask] = pick
            }
        }
        var chosen: [Span] = []
        var (index, mask) = (0, 0)
        while index < count {
            let pick = choice[index * masks + mask]
            guard pick >= 0 else {
                index += 1
                continue
            }
            let span = spans[index][pick]
            chosen.append(span)
            mask |= span.fields.rawValue
            index = span.end
        }
        return chosen
    }

    /// The impossible whens that no chosen reading covers, in line order, one for each word
    /// they name: the word a rule started at, and why it is not a when.
    func impossible(outside chosen: [Span]) -> [(start: Int, error: CaptureError)] {
        var seen: Set<Int> = []
        return errors.keys.sorted().filter { index in !chosen.contains { $0.start <= index && index < $0.end } }
            .compactMap { index in
                let error = errors[index]!
                return seen.insert(error.column).inserted ? (index, error) : nil
            }
    }
}
