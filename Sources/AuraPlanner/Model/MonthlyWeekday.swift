/// A day of each month named by its place among that month's same weekdays: the first Monday,
/// the last Friday (RFC 5545 `FREQ=MONTHLY;BYDAY=1MO`, `BYDAY=-1FR`).
public struct MonthlyWeekday: Hashable, Sendable {
    /// 1 to 4 counting from the month's start; -1 is the last.
    let ordinal: Int
    let weekday: Weekday

    /// Nil unless `ordinal` is 1 to 4 or -1.
    init?(ordinal: Int, weekday: Weekday) {
        guard (1...4).contains(ordinal) || ordinal == -1 else { return nil }
        self.ordinal = ordinal
        self.weekday = weekday
    }

    func occurs(on date: LocalDate) -> Bool {
        guard date.weekday == weekday else { return false }
        if ordinal == -1 { return date.day + 7 > LocalDate.daysIn(month: date.month, year: date.year) }
        return (date.day - 1) / 7 + 1 == ordinal
    }

    var rrule: String { "FREQ=MONTHLY;BYDAY=\(ordinal)\(weekday.rruleCode)" }

    /// `BYDAY=-1FR`'s value, as `rrule` writes it.
    init?(byDay: String) {
        let code = String(byDay.suffix(2))
        guard byDay.count >= 3, let weekday = Weekday.allCases.first(where: { $0.rruleCode == code }),
            let ordinal = Int(byDay.dropLast(2))
        else { return nil }
        self.init(ordinal: ordinal, weekday: weekday)
    }

    /// `the last Friday of every month`.
    public var text: String {
        let place = ordinal == -1 ? "last" : ["first", "second", "third", "fourth"][ordinal - 1]
        return "the \(place) \(weekday.name) of every month"
    }
}
