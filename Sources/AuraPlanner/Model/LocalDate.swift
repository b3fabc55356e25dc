import Foundation

/// A calendar day with no time and no time zone, such as the day a task is due.
///
/// Arithmetic is done on the proleptic Gregorian calendar by day number, so moving by days
/// never meets a daylight-saving gap.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil for one such as February 30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Calendar.gregorian(in: timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(dayNumber: Self.dayNumber(year: parts.year!, month: parts.month!, day: parts.day!))
    }

    private init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// `YYYY-MM-DD`.
    public var iso: String {
        zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2)
    }

    public var description: String { iso }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"
    ]

    /// The instant at wall-clock time `minutes` after midnight on this day in `timeZone`
    /// (`24:00` is the next midnight). Foundation resolves a wall time that a daylight-saving
    /// change skips to a valid instant.
    public func date(minutes: Int, in timeZone: TimeZone) -> Date {
        let wall = DateComponents(year: year, month: month, day: day, hour: minutes / 60, minute: minutes % 60)
        return Calendar.gregorian(in: timeZone).date(from: wall)!
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

extension LocalDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date; expected YYYY-MM-DD")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

/// A day of the week, Monday first as in ISO 8601.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter code RFC 5545 uses in `BYDAY`.
    var rruleCode: String {
        ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1]
    }

    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }

    public static let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
}

extension Calendar {
    static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
