import Foundation

/// "Plan My Day" for one date: the time-blocked schedule, the Later lane, busy time, the load
/// against capacity, and the notifications that go with it.
public struct DayPlan: Sendable, Equatable, Codable {
    public struct Task: Sendable, Equatable, Codable {
        public let id: String
        public let title: String
        public let minutes: Int
        public let rank: Double
    }

    public struct Block: Sendable, Equatable, Codable {
        /// Stable across re-planning while the same task leads the block: `<date>-<task id>`.
        public let id: String
        public let span: MinuteSpan
        public let category: Category
        public let focusMode: FocusMode
        public let tasks: [Task]
        /// At a time the task itself named.
        public let isFixed: Bool
    }

    public struct LaterItem: Sendable, Equatable, Codable {
        public let id: String
        public let title: String
        public let category: Category
        public let reason: String
    }

    public struct Busy: Sendable, Equatable, Codable {
        public let span: MinuteSpan
        public let title: String
    }

    public let date: LocalDate
    public let timeZone: TimeZone
    public let window: MinuteSpan
    public let capacityMinutes: Int
    public let loadMinutes: Int
    /// Whether one task stands out as the day's #1 (see `Confidence`).
    public let confident: Bool
    public let blocks: [Block]
    public let later: [LaterItem]
    public let busy: [Busy]
    public let notifications: [PlannedNotification]
    public let nudge: DailyNudge

    /// Free minutes not yet planned.
    public var freeMinutes: Int { capacityMinutes - loadMinutes }

    /// The day's best-ranked scheduled tasks: one when the ranking is confident, else the
    /// leaders that share the top spot.
    public var topTasks: [Task] { Self.leaders(of: blocks, confident: confident) }

    static func leaders(of blocks: [Block], confident: Bool) -> [Task] {
        // Best rank first; among equals, the one scheduled first.
        let ranked = blocks.flatMap(\.tasks).enumerated().sorted { ($0.element.rank, $1.offset) > ($1.element.rank, $0.offset) }.map(\.element)
        guard let best = ranked.first else { return [] }
        return confident ? [best] : Array(ranked.prefix { Confidence.areTied(best.rank, $0.rank) }.prefix(3))
    }

    /// The instant `minutes` after midnight on this plan's date.
    public func instant(_ minutes: Int) -> Date { date.date(minutes: minutes, in: timeZone) }
}
