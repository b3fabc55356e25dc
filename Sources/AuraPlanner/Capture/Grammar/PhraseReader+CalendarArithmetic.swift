/// Days counted within a month: `first monday in january`, `last friday of the month`,
/// `the second tuesday of next month`, `last day of the month`, `first day of march`.
extension PhraseReader {
    func dayOfMonthByCount(at index: Int) -> Match? {
        var cursor = index
        if word(cursor) == "the" { cursor += 1 }
        guard let countWord = word(cursor) else { return nil }
        let count: Int? = countWord == "last" ? -1 : Self.ordinal(countWord).flatMap { (1...5).contains($0) ? $0 : nil }
        guard let count, let what = word(cursor + 1), word(cursor + 2) == "of" || word(cursor + 2) == "in" else {
            return nil
        }
        let weekday = Words.weekdays[what]
        guard weekday != nil || what == "day" else { return nil }
        // The month: a name (the next one that still holds the day), `the month`/`this month`
        // (this one, else the next), or `next month`.
        var monthCursor = cursor + 3
        var month: Int?
        var monthsAhead = 0
        switch word(monthCursor) {
        case "the", "this":
            guard word(monthCursor + 1) == "month" else { return nil }
            monthCursor += 1
        case "month":  // `last fri of month`
            break
        case "next":
            guard word(monthCursor + 1) == "month" else { return nil }
            monthsAhead = 1
            monthCursor += 1
        case let name?:
            guard let named = Words.months[name] else { return nil }
            month = named
        case nil:
            return nil
        }
        func day(inMonthStarting start: LocalDate) -> LocalDate? {
            let length = LocalDate.daysIn(month: start.month, year: start.year)
            // `last day of the month`, `third day of october`.
            guard let weekday else {
                return count == -1 ? start.adding(days: length - 1) : start.adding(days: count - 1)
            }
            let firstMatch = (weekday.rawValue - start.weekday.rawValue + 7) % 7
            let dayNumber =
                count == -1 ? firstMatch + 7 * ((length - 1 - firstMatch) / 7) : firstMatch + 7 * (count - 1)
            return dayNumber < length ? start.adding(days: dayNumber) : nil
        }
        var start: LocalDate
        if let month {
            start = LocalDate(year: today.year, month: month, day: 1)!
            // `third tuesday of september 2027`: that year's, when still ahead.
            if let year = year(at: monthCursor + 1), year > today.year,
                year <= LocalDate.latestYear,
                let date = day(inMonthStarting: LocalDate(year: year, month: month, day: 1)!)
            {
                return Match(length: monthCursor + 2 - index, value: .date(date))
            }
        } else {
            guard let first = monthStart(after: monthsAhead) else { return nil }
            start = first
        }
        // A day already past moves on: a named month to next year, `the month` to the next month.
        for _ in 0..<2 {
            if let date = day(inMonthStarting: start), date >= today {
                return Match(length: monthCursor + 1 - index, value: .date(date))
            }
            guard monthsAhead == 0, let following = start.addingMonths(month == nil ? 1 : 12) else { return nil }
            start = following
        }
        return nil
    }
}
