/// A wall-clock time of day, held as minutes after midnight.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minutes: Int

    init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` on a 24-hour clock.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String { Self.format(minutes) }

    /// Formats minutes after midnight as `HH:MM`.
    public static func format(_ minutes: Int) -> String {
        zeroPadded(minutes / 60, 2) + ":" + zeroPadded(minutes % 60, 2)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}

extension ClockTime: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = ClockTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a time of day; expected HH:MM")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
