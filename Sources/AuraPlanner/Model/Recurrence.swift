/// How a task repeats: every day, or weekly on a set of weekdays. Written and read as an
/// RFC 5545 `RRULE` value (`FREQ=DAILY`, `FREQ=WEEKLY;BYDAY=MO,WE`).
public enum Recurrence: Hashable, Sendable {
    case daily
    case weekly(Set<Weekday>)

    /// Whether an occurrence falls on `date`.
    public func occurs(on date: LocalDate) -> Bool {
        switch self {
        case .daily: return true
        case .weekly(let days): return days.contains(date.weekday)
        }
    }

    /// The RRULE value, weekdays in Monday-first order.
    public var rrule: String {
        switch self {
        case .daily:
            return "FREQ=DAILY"
        case .weekly(let days):
            return "FREQ=WEEKLY;BYDAY=" + days.sorted { $0.rawValue < $1.rawValue }.map(\.rruleCode).joined(separator: ",")
        }
    }

    /// Reads the RRULE values `rrule` writes; nil for anything else.
    public init?(rrule: String) {
        var parts: [String: String] = [:]
        for field in rrule.split(separator: ";") {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts[pair[0].uppercased()] = pair[1].uppercased()
        }
        switch (parts["FREQ"], parts["BYDAY"], parts.count) {
        case ("DAILY", nil, 1):
            self = .daily
        case ("WEEKLY", let byDay?, 2):
            let codes = byDay.split(separator: ",").map(String.init)
            let days = codes.compactMap { code in Weekday.allCases.first { $0.rruleCode == code } }
            guard !days.isEmpty, days.count == codes.count else { return nil }
            self = .weekly(Set(days))
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
                in: container, debugDescription: "'\(text)' is not a supported RRULE; expected FREQ=DAILY or FREQ=WEEKLY;BYDAY=MO,…")
        }
        self = recurrence
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rrule)
    }
}
