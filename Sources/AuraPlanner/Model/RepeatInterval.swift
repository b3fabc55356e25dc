/// Every `count` days, weeks or months from `start` (`every third day`, `fortnightly`,
/// `quarterly`). A monthly repeat falls on `start`'s day of the month, or on the last day of a
/// month too short for it (every month from January 31: February 28, March 31, …).
public struct RepeatInterval: Hashable, Sendable {
    enum Unit: String, Sendable, CaseIterable {
        case day = "DAILY"
        case week = "WEEKLY"
        case month = "MONTHLY"
    }

    /// The most a repeat skips: ten years of months, or the days and weeks in them.
    static let maximumCount = 120

    let count: Int
    let unit: Unit
    let start: LocalDate

    /// Nil unless `count` is from 1 to 120.
    init?(count: Int, unit: Unit, start: LocalDate) {
        guard (1...Self.maximumCount).contains(count) else { return nil }
        self.count = count
        self.unit = unit
        self.start = start
    }

    func occurs(on date: LocalDate) -> Bool {
        guard date >= start else { return false }
        switch unit {
        case .day: return start.days(to: date) % count == 0
        case .week: return start.days(to: date) % (7 * count) == 0
        case .month:
            let months = (date.year - start.year) * 12 + date.month - start.month
            return months % count == 0
                && date.day == min(start.day, LocalDate.daysIn(month: date.month, year: date.year))
        }
    }

    /// `FREQ=MONTHLY;INTERVAL=3;DTSTART=20261202`.
    var rrule: String {
        "FREQ=\(unit.rawValue);INTERVAL=\(count);DTSTART=" + zeroPadded(start.year, 4) + zeroPadded(start.month, 2)
            + zeroPadded(start.day, 2)
    }

    init?(rruleParts parts: [String: String]) {
        guard parts.count == 3, let unit = parts["FREQ"].flatMap(Unit.init(rawValue:)),
            let count = parts["INTERVAL"].flatMap({ Int($0) }), let stamp = parts["DTSTART"], stamp.count == 8,
            stamp.allSatisfy({ $0.isASCII && $0.isNumber }),
            let start = LocalDate(
                year: Int(stamp.prefix(4))!, month: Int(stamp.dropFirst(4).prefix(2))!, day: Int(stamp.suffix(2))!)
        else { return nil }
        self.init(count: count, unit: unit, start: start)
    }

    /// `every 3 days`, `every 2 weeks`, `every month`.
    public var text: String {
        let name =
            switch unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            }
        return count == 1 ? "every \(name)" : "every \(count) \(name)s"
    }
}
