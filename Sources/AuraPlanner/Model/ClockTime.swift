/// A wall-clock time of day, held as minutes after midnight (`24:00` is allowed as a day's end).
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0...24 * 60).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` on a 24-hour clock.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String { Self.format(minutes) }

    /// Formats minutes after midnight as `HH:MM`.
    public static func format(_ minutes: Int) -> String {
        let hours = String(minutes / 60), rest = String(minutes % 60)
        return String(repeating: "0", count: 2 - hours.count) + hours + ":" + String(repeating: "0", count: 2 - rest.count) + rest
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}

extension ClockTime: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = ClockTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time of day; expected HH:MM")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A duration in minutes written the way a person reads it: `45 m`, `1 h`, `2 h 30 m`.
public func durationText(_ minutes: Int) -> String {
    switch (minutes / 60, minutes % 60) {
    case (0, let m): return "\(m) m"
    case (let h, 0): return "\(h) h"
    case (let h, let m): return "\(h) h \(m) m"
    }
}
