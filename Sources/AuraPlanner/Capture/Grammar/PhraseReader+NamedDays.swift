/// Holidays and other named days of the site's region (`christmas eve`, `easter monday`,
/// `thanksgiving`, `the bank holiday`, `this` or `next thanksgiving`, `thanksgiving 2027`, `christmas
/// next year`), and `my
/// birthday` when `site.yml` gives one.
extension PhraseReader {
    func namedDay(at index: Int) -> Match? {
        // `at christmas`, `at Hogmanay`: British English meets a holiday with `at`.
        if word(index) == "at", let day = namedDay(at: index + 1) {
            return Match(length: day.length + 1, value: day.value)
        }
        // `pension review in the new year`: its first day, read with its `in`.
        let inThe = word(index) == "in" && word(index + 1) == "the" && word(index + 2) == "new" ? 1 : 0
        let lead = ["the", "this", "next"].contains(word(index + inThe) ?? "") ? 1 + inThe : 0
        if word(index) == "my", word(index + 1) == "birthday" || word(index + 1) == "bday",
            let birthday = settings.birthday
        {
            var year = today.year
            if (birthday.month, birthday.day) < (today.month, today.day) { year += 1 }
            // 29 February, in a year without it: the 28th.
            let day = min(birthday.day, LocalDate.daysIn(month: birthday.month, year: year))
            return LocalDate(year: year, month: birthday.month, day: day).map { Match(length: 2, value: .date($0)) }
        }
        var words: [String] = []
        var cursor = index + lead
        while let text = word(cursor), words.count < 6 {
            words.append(text)
            cursor += 1
        }
        let days = NamedDays(region: settings.region)
        guard let (length, date) = days.match(words[...], onOrAfter: today) else { return nil }
        // `thanksgiving 2016`, `christmas next year`, `black friday of this year`: that year's, when
        // it is still ahead.
        if let (year, named) = namedYear(at: index + lead + length), year <= LocalDate.latestYear,
            let start = LocalDate(year: year, month: 1, day: 1),
            let (_, dated) = days.match(words[...], onOrAfter: max(start, today)), dated.year == year
        {
            return Match(length: lead + length + named, value: .date(dated))
        }
        // `thanksgiving in 3 years`, `christmas 2 years from now`: the named day of the year the day
        // counted in months or years falls in, or the next after it when that one is past (in weeks
        // or days, `easter in 2 weeks` may say when to do it).
        if let offset = try? offsetDate(at: index + lead + length), case .date(let counted) = offset.value,
            countsMonths(from: index + lead + length, length: offset.length),
            let newYear = LocalDate(year: counted.year, month: 1, day: 1),
            let (_, dated) = days.match(words[...], onOrAfter: max(newYear, today))
                ?? days.match(words[...], onOrAfter: counted)
        {
            return Match(length: lead + length + offset.length, value: .date(dated))
        }
        // A one-word name before a noun names a thing (`easter egg hunt`, `christmas shopping`),
        // unless a preposition makes it a day (`call gran on christmas`); `boxing day lunch` is a day.
        let afterPreposition = index > 0 && Words.datePrepositions.contains(tokens[index - 1].word)
        if length == 1, !afterPreposition, continuesTitle(index + lead + length),
            !Self.dayNameFollowers.contains(word(index + lead + length) ?? ""),
            !Self.eventsOnTheDay.contains(word(index + lead + length) ?? "")
        {
            return nil
        }
        return Match(length: lead + length, value: .date(date))
    }

    /// Whether the words from `index` count months or years (`in 3 years`, `9 months from now`, `in 2yrs`).
    private func countsMonths(from index: Int, length: Int) -> Bool {
        (index..<index + length).contains { at in
            guard let text = word(at) else { return false }
            let unit = text.drop { $0.isNumber || $0 == "+" }
            return ["month", "months", "year", "years", "mo", "mos", "mths", "yr", "yrs", "y"].contains(String(unit))
        }
    }

    /// The year written after a named day, and its words: `2027`, `next year`, `of this year`.
    private func namedYear(at index: Int) -> (year: Int, length: Int)? {
        if let year = year(at: index) { return (year, 1) }
        let of = word(index) == "of" ? 1 : 0
        guard let which = word(index + of), which == "next" || which == "this", word(index + of + 1) == "year" else {
            return nil
        }
        return (today.year + (which == "next" ? 1 : 0), of + 2)
    }

    /// Gatherings held on the day they are named for: `NYE party`, `christmas dinner`.
    private static let eventsOnTheDay: Set<String> = [
        "party", "dinner", "lunch", "brunch", "drinks", "meal", "service", "mass", "do", "gathering", "celebration",
        "bbq", "barbecue", "potluck", "wedding", "feast", "picnic", "parade"
    ]

    /// Words after a named day that still leave it a day: `christmas eve at 6`, `easter monday morning`.
    private static let dayNameFollowers: Set<String> = [
        "at", "@", "around", "from", "for", "by", "before", "after", "until", "till", "to", "-", "–", "and", "or"
    ]
}
