/// A stretch of one day in minutes after midnight, `start..<end`.
public struct MinuteSpan: Hashable, Sendable, Codable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    private enum CodingKeys: String, CodingKey { case start, end }

    /// A span read from a file must lie within one day, so every sum on it stays small.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Int.self, forKey: .start)
        end = try container.decode(Int.self, forKey: .end)
        guard (0...Self.dayMinutes).contains(start) else {
            throw DecodingError.dataCorruptedError(
                forKey: .start, in: container,
                debugDescription: "\(start) is out of range; expected 0 to \(Self.dayMinutes) minutes after midnight")
        }
        guard (start...Self.dayMinutes).contains(end) else {
            throw DecodingError.dataCorruptedError(
                forKey: .end, in: container,
                debugDescription:
                    "\(end) is out of range; expected \(start) to \(Self.dayMinutes) minutes after midnight")
        }
    }

    /// Minutes in a day: the most any span holds.
    static let dayMinutes = 24 * 60

    /// Midnight to midnight.
    static let wholeDay = MinuteSpan(start: 0, end: dayMinutes)

    var length: Int { end - start }

    func overlaps(_ other: MinuteSpan) -> Bool { start < other.end && other.start < end }

    /// The part inside `bounds`, or nil when nothing is.
    func clamped(to bounds: MinuteSpan) -> MinuteSpan? {
        let span = MinuteSpan(start: max(start, bounds.start), end: min(end, bounds.end))
        return span.length > 0 ? span : nil
    }

    /// Sorts spans and merges those that overlap or touch.
    static func merged(_ spans: [MinuteSpan]) -> [MinuteSpan] {
        var result: [MinuteSpan] = []
        for span in spans.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            if let last = result.last, span.start <= last.end {
                result[result.count - 1].end = max(last.end, span.end)
            } else {
                result.append(span)
            }
        }
        return result
    }

    /// The parts of `bounds` not covered by `taken` (which must be merged).
    static func gaps(in bounds: MinuteSpan, around taken: [MinuteSpan]) -> [MinuteSpan] {
        var result: [MinuteSpan] = []
        var cursor = bounds.start
        for span in taken where span.end > cursor {
            if span.start > cursor { result.append(MinuteSpan(start: cursor, end: min(span.start, bounds.end))) }
            cursor = max(cursor, span.end)
            if cursor >= bounds.end { break }
        }
        if cursor < bounds.end { result.append(MinuteSpan(start: cursor, end: bounds.end)) }
        return result.filter { $0.length > 0 }
    }
}
