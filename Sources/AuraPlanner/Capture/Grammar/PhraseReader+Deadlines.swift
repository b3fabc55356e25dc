/// Deadlines: a day something is due by (`by friday`, `due eod thursday`, `before the 15th`,
/// `no later than monday`, `asap`), the end of a period (`by close of business`, `eow`,
/// `by end of next week`), or a time it is due by (`before 3pm`, `by 5pm`).
extension PhraseReader {
    private static let deadlinePrepositions: Set<String> = ["by", "before", "b4", "until", "till", "due", "deadline"]
    /// The prepositions that make any day or time a deadline (a task `until friday` is due by then).
    private static let duePrepositions: Set<String> = ["by", "before", "b4", "due", "deadline", "until", "till"]

    /// A deadline, with the words after it that only say it is one (`by friday at the latest`,
    /// `by 5pm latest`), which leave no glue in the title.
    func deadline(at index: Int) throws(CaptureError) -> Match? {
        guard let match = try deadlineCore(at: index) else { return nil }
        let end = index + match.length
        let glue =
            word(end) == "at" && word(end + 1) == "the" && word(end + 2) == "latest"
            ? 3 : word(end) == "at" && word(end + 1) == "latest" ? 2 : word(end) == "latest" ? 1 : 0
        return glue == 0 ? match : Match(length: match.length + glue, value: match.value, note: match.note)
    }

    /// `cob`, `eod`, `eow` and `eom` stand alone; a spelled-out end (`end of the week`) needs a
    /// preposition in front, so that `the end of month report` stays a title.
    private func deadlineCore(at index: Int) throws(CaptureError) -> Match? {
        var cursor = index
        var dueWord = false
        if word(cursor) == "no", word(cursor + 1) == "later", word(cursor + 2) == "than" {
            cursor += 3
            dueWord = true
        } else if let first = word(cursor), Self.deadlinePrepositions.contains(first) {
            cursor += 1
            dueWord = Self.duePrepositions.contains(first)
            // `due by friday`, `due on friday`, `deadline: friday`.
            if first == "due" || first == "deadline", word(cursor) == "by" || word(cursor) == "on" { cursor += 1 }
        }
        let afterPreposition = cursor > index
        let dayStart = cursor
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
        /// Today, or the day named right after an end of day (`eod thursday`, `cob fri`).
        func endOfDay(through last: Int) throws(CaptureError) -> Match? {
            if let day = try date(at: last + 1), case .date(let date) = day.value {
                return try due(date, through: last + day.length)
            }
            return try due(today, through: last)
        }
        // `corn on the cob` is no deadline: an abbreviation after an article stays a word.
        let afterArticle =
            cursor > (afterPreposition ? index + 1 : index)
            || (index > 0 && Words.determiners.contains(tokens[index - 1].word))
        if ["cob", "eod", "eow", "eom", "asap"].contains(first), afterArticle { return nil }
        switch first {
        case "asap": return try due(today, through: cursor)
        case "cob", "eod": return try endOfDay(through: cursor)
        case "eow": return try due(endOfWeek(next: false), through: cursor)
        case "eom": return try due(endOfMonth(after: 0), through: cursor)
        case "close"
        where afterPreposition && word(cursor + 1) == "of"
            && (word(cursor + 2) == "business" || word(cursor + 2) == "play"):
            return try endOfDay(through: cursor + 2)
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
            guard let name = word(period) else { return nil }
            if name == "day" || name == "today" { return ahead == 0 ? try endOfDay(through: period) : nil }
            // `due end of jan`, `by end of next week`.
            guard let end = endOf(name, ahead: ahead) else { return nil }
            return try due(end.date, through: period)
        default:
            guard dueWord else { return nil }
            if let day = try day(at: dayStart, afterContext: true), case .date(let date) = day.value {
                return try due(date, through: dayStart + day.length - 1)
            }
            // `by 5pm`, `before 3`: read as `at` would read them; `till 5pm` is when work stops.
            if !["until", "till"].contains(word(index) ?? ""), let clock = try timeCore(at: dayStart, afterAt: true),
                case .time(let time, _, _, _) = clock.value
            {
                return Match(length: dayStart - index + clock.length, value: .dueTime(time))
            }
            return nil
        }
    }

    /// The week's last working day: Friday of this calendar week (at the weekend, the coming
    /// one), or Friday of the next calendar week.
    func endOfWeek(next: Bool) -> LocalDate {
        let friday = inNextWeek(.friday).adding(days: -7)
        let thisWeek = friday < today ? friday.adding(days: 7) : friday
        return next ? inNextWeek(.friday) : thisWeek
    }

    /// The last day of the `week`, `month` or `year` `ahead` of them on, or of a month named
    /// (`jan`: this year's unless past, only with `ahead` 0), and the rule that chose it.
    func endOf(_ period: String, ahead: Int) -> (date: LocalDate?, rule: String)? {
        switch period {
        case "week": return (endOfWeek(next: ahead == 1), "a week ends on its Friday")
        case "month": return (endOfMonth(after: ahead), "a month ends on its last day")
        case "year": return (LocalDate(year: today.year + ahead, month: 12, day: 31), "a year ends on 31 December")
        default:
            guard ahead == 0, let month = Words.months[period] else { return nil }
            let year = month < today.month ? today.year + 1 : today.year
            return (
                LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year)),
                "a month ends on its last day"
            )
        }
    }

    func endOfMonth(after months: Int) -> LocalDate? {
        LocalDate(year: today.year, month: today.month, day: 1)!.addingMonths(months).map {
            LocalDate(year: $0.year, month: $0.month, day: LocalDate.daysIn(month: $0.month, year: $0.year))!
        }
    }
}
