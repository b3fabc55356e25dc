/// How a task repeats: every day, weekly on a set of weekdays, or every n days, weeks or
/// months counted from a first day. Written and read as an RFC 5545 `RRULE` value
/// (`FREQ=DAILY`, `FREQ=WEEKLY;BYDAY=MO,WE`, `FREQ=WEEKLY;INTERVAL=2;DTSTART=20261202`; the
/// first day, a separate property in RFC 5545, travels inside the value here).
public enum Recurrence: Hashable, Sendable {
    case daily
    case weekly(Set<Weekday>)
    case interval(RepeatInterval)
    /// A weekday's place in each month (`the last friday of every month`).
    case monthlyWeekday(MonthlyWeekday)

    /// Whether an occurrence falls on `date`.
    func occurs(on date: LocalDate) -> Bool {
        switch self {
        case .daily: return true
        case .weekly(let days): return days.contains(date.weekday)
        case .interval(let interval): return interval.occurs(on: date)
        case .monthlyWeekday(let day): return day.occurs(on: date)
        }
    }

    /// The RRULE value, weekdays in Monday-first order.
    public var rrule: String {
        switch self {
        case .daily:
            return "FREQ=DAILY"
        case .weekly(let days):
            return "FREQ=WEEKLY;BYDAY="
                + days.sorted { $0.rawValue < $1.rawValue }.map(\.rruleCode).joined(separator: ",")
        case .interval(let interval):
            return interval.rrule
        case .monthlyWeekday(let day):
            return day.rrule
        }
    }

    /// Reads the RRULE values `rrule` writes; nil for anything else.
    init?(rrule: String) {
        var parts: [String: String] = [:]
        for field in rrule.split(separator: ";") {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts[pair[0].uppercased()] = pair[1].uppercased()
        }
        if parts["INTERVAL"] != nil || parts["DTSTART"] != nil {
            guard let interval = RepeatInterval(rruleParts: parts) else { return nil }
            self = .interval(interval)
            return
        }
        switch (parts["FREQ"], parts["BYDAY"], parts.count) {
        case ("DAILY", nil, 1):
            self = .daily
        case ("WEEKLY", let byDay?, 2):
            let codes = byDay.split(separator: ",").map(String.init)
            let days = codes.compactMap { code in Weekday.allCases.first { $0.rruleCode == code } }
            guard !days.isEmpty, days.count == codes.count else { return nil }
            self = .weekly(Set(days))
        case ("MONTHLY", let byDay?, 2):
            guard let day = MonthlyWeekday(byDay: byDay) else { return nil }
            self = .monthlyWeekday(day)
        default:
            return nil
        }
    }
}

extension Recurrence: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let recurrence = Recurrence(rrule: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "'\(text)' is not a supported RRULE; expected FREQ=DAILY, FREQ=WEEKLY;BYDAY=MO,…, FREQ=MONTHLY;BYDAY=-1FR or FREQ=…;INTERVAL=n;DTSTART=YYYYMMDD"
            )
        }
        self = recurrence
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rrule)
    }
}
