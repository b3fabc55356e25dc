/// A day a task is for: `buy tickets for easter`, `notes for tuesday's review`, `book a table
/// for friday at 8`. The task is what leads up to that day, so it is due the day before, and the
/// day stays in the title (without it `buy tickets` says nothing of what for). `for today` and
/// `for tonight` leave no day before them, and are read as the day itself by the day rules.
extension PhraseReader {
    func purpose(at index: Int) throws(CaptureError) -> Match? {
        guard word(index) == "for" else { return nil }
        let readings = [
            try day(at: index + 1, afterContext: true), try partOfDay(at: index + 1), possessiveDay(at: index + 1),
            periodStart(at: index + 1)
        ]
        var best: (length: Int, date: LocalDate)?
        for case let reading? in readings {
            let date: LocalDate
            switch reading.value {
            case .date(let day), .partOfDay(_, let day?), .moment(let day, _): date = day
            default: continue
            }
            if reading.length > best?.length ?? 0 { best = (reading.length, date) }
        }
        guard let (length, day) = best else { return nil }
        // The time of what it is for goes with it: `a table for friday at 8`.
        var end = index + 1 + length
        if let clock = try time(at: end), case .time = clock.value { end += clock.length }
        let before = day.adding(days: -1)
        guard before >= today else { return nil }
        return Match(
            length: end - index, value: .deadline(before),
            note: "due the day before \(day.iso), the day it is for", keepsTitle: true)
    }

    /// `the weekend` (the coming Saturday), `next year` (its 1 January) and a month named alone
    /// (`for september`, its first day; `may` and `march` are words too often to be months here).
    private func periodStart(at index: Int) -> Match? {
        let the = word(index) == "the" ? 1 : 0
        guard let name = word(index + the) else { return nil }
        if name == "weekend" {
            return Match(length: the + 1, value: .date(thisWeekend))
        }
        if name == "next", word(index + the + 1) == "year" {
            return Match(length: the + 2, value: .date(LocalDate(year: today.year + 1, month: 1, day: 1)!))
        }
        guard the == 0, !["may", "march", "mar"].contains(name), let month = Words.months[name] else { return nil }
        let year = month <= today.month ? today.year + 1 : today.year
        return Match(length: 1, value: .date(LocalDate(year: year, month: month, day: 1)!))
    }

    /// `tuesday's`, `tomorrow's`: a weekday or a relative day as the owner of what follows.
    private func possessiveDay(at index: Int) -> Match? {
        guard let text = word(index), text.hasSuffix("'s") || text.hasSuffix("’s") else { return nil }
        let name = String(text.dropLast(2))
        if let offset = Words.relativeDays[name] { return Match(length: 1, value: .date(today.adding(days: offset))) }
        return Words.weekdays[name].map { Match(length: 1, value: .date(next($0, includingToday: false))) }
    }
}
