/// Repeats at an interval or at a part of every day: `fortnightly`, `quarterly`, `monthly`,
/// `weekly`, `every third day`, `every 3 weeks`, `every other monday`, `every morning`.
extension PhraseReader {
    static let ordinalWords: [String: Int] = [
        "other": 2, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10
    ]

    /// The interval starts today; a date on the same line moves its start there.
    func interval(at index: Int) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        if let monthly = try dayOfEveryMonth(at: index) { return monthly }
        func every(_ count: Int, _ unit: RepeatInterval.Unit, from start: LocalDate? = nil, length: Int)
            throws(CaptureError) -> Match
        {
            guard let interval = RepeatInterval(count: count, unit: unit, start: start ?? today) else {
                throw error(
                    index,
                    "'\(tokens[index].word) …' repeats too far apart; expected at most every \(RepeatInterval.maximumCount) \(unit)s"
                )
            }
            return Match(
                length: length,
                value: .recurrence(
                    count == 1 && unit == .week ? .weekly([interval.start.weekday]) : .interval(interval)))
        }
        // A bare `quarterly` before a noun describes it (`the quarterly report`): it repeats only
        // at the end of the line or before another when (`monthly on the 1st`).
        let adverbFollows =
            word(index + 1).map { isWhenWord($0) || ["at", "from", "starting", "for", "by", "in"].contains($0) } ?? true
        let bare = adverbFollows && !(index > 0 && Words.determiners.contains(tokens[index - 1].word))
        if !bare, ["weekly", "fortnightly", "biweekly", "monthly", "quarterly", "yearly", "annually"].contains(first) {
            return nil
        }
        switch first {
        case "weekly": return try every(1, .week, length: 1)
        case "fortnightly", "biweekly": return try every(2, .week, length: 1)
        case "monthly": return try every(1, .month, length: 1)
        case "quarterly": return try every(3, .month, length: 1)
        case "yearly", "annually": return try every(12, .month, length: 1)
        case "every", "each": break
        default: return nil
        }
        if let part = word(index + 1).flatMap({ PartOfDay.words[$0] }) {
            return Match(length: 2, value: .recurrence(.daily, part: part))
        }
        var cursor = index + 1
        var count = 1
        if let second = word(cursor),
            let number = Self.ordinalWords[second] ?? Self.ordinal(second)
                ?? self.count(second).flatMap({ $0 > 1 ? $0 : nil })
        {
            count = number
            cursor += 1
        }
        // `every other monday`, `every third friday`: every n weeks from the next such day.
        if count > 1, let day = word(cursor).flatMap({ Words.weekdays[$0] }) {
            return try every(count, .week, from: next(day, includingToday: true), length: cursor + 1 - index)
        }
        switch word(cursor) {
        case "day", "days": return count == 1 ? nil : try every(count, .day, length: cursor + 1 - index)
        case "week", "weeks": return try every(count, .week, length: cursor + 1 - index)
        case "fortnight": return try every(2 * count, .week, length: cursor + 1 - index)
        case "month", "months": return try every(count, .month, length: cursor + 1 - index)
        case "quarter": return try every(3 * count, .month, length: cursor + 1 - index)
        case "year", "years": return try every(12 * count, .month, length: cursor + 1 - index)
        default: return nil
        }
    }

    /// `on the 1st of every month`, `15th of each month`: monthly from the next such day.
    private func dayOfEveryMonth(at index: Int) throws(CaptureError) -> Match? {
        var cursor = index
        if word(cursor) == "on" { cursor += 1 }
        if word(cursor) == "the" { cursor += 1 }
        guard let text = word(cursor), let number = Self.ordinal(text), (1...31).contains(number),
            word(cursor + 1) == "of", word(cursor + 2) == "every" || word(cursor + 2) == "each",
            word(cursor + 3) == "month", let start = nextDay(ofMonth: number),
            let interval = RepeatInterval(count: 1, unit: .month, start: start)
        else { return nil }
        return Match(length: cursor + 4 - index, value: .recurrence(.interval(interval)))
    }
}
