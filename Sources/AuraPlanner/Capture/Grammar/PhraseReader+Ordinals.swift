/// Days of the month named without a month: `on the 3rd`, `by the 15th`, `fri 18th`,
/// `friday the 18th`.
extension PhraseReader {
    /// The next such day from today on; a weekday written with it must be the one that day
    /// falls on, or the line is an error (never a silently different date).
    func ordinalDate(at index: Int, afterContext: Bool) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        var weekday: Weekday?
        var cursor = index
        if let day = Words.weekdays[first] {
            weekday = day
            cursor += 1
        }
        if word(cursor) == "the" { cursor += 1 }
        // A bare `the 3rd` is a date only after a preposition (`on the 3rd`), not in `the 3rd floor`.
        guard let text = word(cursor), let number = Self.ordinal(text) else { return nil }
        // `Ann's 30th`, `our 40th`: a birthday or an anniversary, named, not a day to plan it on.
        if weekday == nil, cursor == index, index > 0, Self.namesWhose(tokens[index - 1].word) { return nil }
        // `dentist 14th`: a bare ordinal in figures is a day only where no title word follows.
        guard weekday != nil || cursor > index || (Self.spelledOrdinals[text] == nil && !continuesTitle(cursor + 1))
        else { return nil }
        // `the 15th` without a preposition is a day only where nothing follows it but another
        // when: `book the 3rd floor room` names a floor.
        if weekday == nil, !afterContext, continuesTitle(cursor + 1), word(cursor + 1) != "for" { return nil }
        // After a preposition too, an ordinal in figures right before a noun counts things:
        // `fix the light on the 3rd floor`, `study for the 18th edition exam`; at the start of
        // the line a day may come before the title (`due the 31st tax return`).
        if weekday == nil, index - (afterContext ? 1 : 0) > 0, tokens[cursor].trailing.isEmpty,
            continuesTitle(cursor + 1),
            let after = word(cursor + 1), !Self.wordsAfterADay.contains(after)
        {
            return nil
        }
        // `the 3rd of january` is the month's day, read by `dateCore`.
        let monthIndex = word(cursor + 1) == "of" ? cursor + 2 : cursor + 1
        if word(monthIndex).flatMap({ Words.months[$0] }) != nil { return nil }
        // A spelled ordinal before a noun counts things (`work on the first draft`): it is a day
        // only at the end of the line or before another when.
        if Self.spelledOrdinals[text] != nil, let after = word(cursor + 1), !isWhenWord(after) { return nil }
        guard (1...31).contains(number) else {
            // `celebrate the 40th`, `cake for the 50th`: past the 31st an ordinal counts years or
            // things, and stays in the title; only a day word before it (`on the 32nd`, `due the
            // 33rd`) makes it a day mistyped, an error.
            let dayWord = index > 0 && ["on", "by", "due", "before", "until", "till"].contains(tokens[index - 1].word)
            guard weekday != nil || dayWord && number < 40 else { return nil }
            throw error(cursor, "'\(text)' is not a day of the month; expected 1st to 31st")
        }
        guard let date = nextDay(ofMonth: number) else {
            throw error(cursor, "'\(text)' lands past the year \(LocalDate.latestYear); expected a nearer date")
        }
        if let weekday, date.weekday != weekday {
            throw error(
                index,
                "the next \(text) (\(date.iso)) is a \(date.weekday.name), not a \(weekday.name); "
                    + "expected the weekday it falls on, or a month (\(text) \(LocalDate.monthNames[date.month - 1].lowercased()))"
            )
        }
        return Match(length: cursor + 1 - index, value: .date(date))
    }

    /// Words that may follow a day without making its ordinal a count: `on the 3rd with Bo`.
    private static let wordsAfterADay: Set<String> = [
        "with", "w/", "in", "and", "&", "+", "or", "to", "re", "then", "please", "pls", "of", "if", "so"
    ]

    /// A possessive (`ann's`, `our`): an ordinal after it is someone's age or anniversary.
    private static func namesWhose(_ word: String) -> Bool {
        word.hasSuffix("'s") || word.hasSuffix("’s") || word.hasSuffix("s'")
            || ["my", "our", "your", "his", "her", "their"].contains(word)
    }

    /// `first` to `thirty-first`: ordinals spelled out.
    static let spelledOrdinals: [String: Int] = {
        let units = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        let teens = [
            "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth"
        ]
        var table: [String: Int] = [:]
        for (index, word) in units.enumerated() {
            table[word] = index + 1
            table["twenty-" + word] = 21 + index
        }
        for (index, word) in teens.enumerated() { table[word] = 10 + index }
        table["twentieth"] = 20
        table["thirtieth"] = 30
        table["thirty-first"] = 31
        return table
    }()

    /// `3rd`, `18th`, `21st`, `third`: the number of an ordinal written with its suffix or spelled out.
    static func ordinal(_ text: String) -> Int? {
        if let spelled = spelledOrdinals[text] { return spelled }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...4).contains(digits.count), ["st", "nd", "rd", "th"].contains(text.dropFirst(digits.count)) else {
            return nil
        }
        return Int(digits)
    }

    /// Day `number` of this month when it is still ahead (or today), else of the first month
    /// after that has it.
    func nextDay(ofMonth number: Int) -> LocalDate? {
        var month = LocalDate(year: today.year, month: today.month, day: 1)!
        if number < today.day {
            guard let following = month.addingMonths(1) else { return nil }
            month = following
        }
        for _ in 0..<3 {
            if let date = LocalDate(year: month.year, month: month.month, day: number) { return date }
            guard let following = month.addingMonths(1) else { return nil }
            month = following
        }
        return nil
    }
}
