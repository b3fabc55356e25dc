/// Ends of periods, read as deadlines: `by close of business`, `by eod`, `by end of next week`,
/// `before the end of the month`, `by the end of the year`.
extension PhraseReader {
    private static let deadlinePrepositions: Set<String> = ["by", "before", "until", "till", "due"]

    /// `cob`, `eod`, `eow` and `eom` stand alone; a spelled-out end (`end of the week`) needs a
    /// preposition in front, so that `the end of month report` stays a title.
    func deadline(at index: Int) throws(CaptureError) -> Match? {
        var cursor = index
        if let first = word(cursor), Self.deadlinePrepositions.contains(first) { cursor += 1 }
        let afterPreposition = cursor > index
        if word(cursor) == "the" { cursor += 1 }
        guard let first = word(cursor) else { return nil }
        func due(_ date: LocalDate?, through last: Int) throws(CaptureError) -> Match? {
            guard let date else {
                throw error(
                    index,
                    "'\(tokens[index].word) …' ends after \(LocalDate.latestYear)-12-31, the last date Aura keeps")
            }
            return Match(length: last + 1 - index, value: .deadline(date))
        }
        // `corn on the cob` is no deadline: an abbreviation after an article stays a word.
        let afterArticle =
            cursor > (afterPreposition ? index + 1 : index)
            || (index > 0 && Words.determiners.contains(tokens[index - 1].word))
        if ["cob", "eod", "eow", "eom"].contains(first), afterArticle { return nil }
        switch first {
        case "cob", "eod": return try due(today, through: cursor)
        case "eow": return try due(endOfWeek(next: false), through: cursor)
        case "eom": return try due(endOfMonth(after: 0), through: cursor)
        case "close"
        where afterPreposition && word(cursor + 1) == "of"
            && (word(cursor + 2) == "business" || word(cursor + 2) == "play"):
            return try due(today, through: cursor + 2)
        case "end" where afterPreposition && word(cursor + 1) == "of":
            var period = cursor + 2
            var ahead = 0
            switch word(period) {
            case "the", "this": period += 1
            case "next":
                ahead = 1
                period += 1
            default: break
            }
            switch word(period) {
            case "day", "today": return ahead == 0 ? try due(today, through: period) : nil
            case "week": return try due(endOfWeek(next: ahead == 1), through: period)
            case "month": return try due(endOfMonth(after: ahead), through: period)
            case "year": return try due(LocalDate(year: today.year + ahead, month: 12, day: 31), through: period)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The week's last working day: Friday of this calendar week (at the weekend, the coming
    /// one), or Friday of the next calendar week.
    private func endOfWeek(next: Bool) -> LocalDate {
        let friday = inNextWeek(.friday).adding(days: -7)
        let thisWeek = friday < today ? friday.adding(days: 7) : friday
        return next ? inNextWeek(.friday) : thisWeek
    }

    private func endOfMonth(after months: Int) -> LocalDate? {
        LocalDate(year: today.year, month: today.month, day: 1)!.addingMonths(months).map {
            LocalDate(year: $0.year, month: $0.month, day: LocalDate.daysIn(month: $0.month, year: $0.year))!
        }
    }
}
