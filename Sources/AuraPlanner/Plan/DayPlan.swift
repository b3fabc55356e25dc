import Foundation

/// "Plan My Day" for one date: the time-blocked schedule, the Later lane, busy time, the load
/// against capacity, and the notifications that go with it.
public struct DayPlan: Sendable, Equatable, Codable {
    public struct ScheduledTask: Sendable, Equatable, Codable {
        public let id: String
        public let title: String
        public let minutes: Int
        public let rank: Double
        /// The deadline the task named (`by end of next week`), if any.
        public var due: LocalDate? = nil
        /// The part of the day it asked for (`this evening`), if any.
        public var partOfDay: PartOfDay? = nil
    }

    public struct Block: Sendable, Equatable, Codable {
        /// Stable across re-planning while the same task leads the block: `<date>-<task id>`.
        public let id: String
        public let span: MinuteSpan
        public let category: Category
        public let focusMode: FocusMode
        public let tasks: [ScheduledTask]
        /// At a time the task itself named.
        public let isFixed: Bool
        /// An appointment kept at its time though the calendar, or another appointment, is there
        /// too; nil for a block with nothing else at its time (and in plans saved before).
        public var conflict: Conflict? = nil

        /// The block with its tasks as `keep` turns them, those it drops left out; nil when
        /// none is left.
        func keeping(_ keep: (ScheduledTask) -> ScheduledTask?) -> Block? {
            let tasks = tasks.compactMap(keep)
            guard !tasks.isEmpty else { return nil }
            return Block(
                id: id, span: span, category: category, focusMode: focusMode, tasks: tasks, isFixed: isFixed,
                conflict: conflict)
        }
    }

    /// What an appointment clashes with, and the choices beside keeping it there.
    public struct Conflict: Sendable, Equatable, Codable {
        /// What else is at its time, in words: `“Team sync” (10:00–11:00) in your calendar`.
        public let with: String
        /// Where the first free stretch of the window that holds it starts, if one does.
        public let freeAt: Int?
        /// Whether it may move to another time or day: a repeating appointment follows its repeat.
        public let movable: Bool
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
    /// The day window, or after it closed, the evening until bedtime (`isEvening`).
    public let window: MinuteSpan
    /// True when the plan is the evening after the window; nil otherwise, so a day plan's
    /// stored form does not change.
    let evening: Bool?
    public let capacityMinutes: Int
    public let loadMinutes: Int
    /// Whether one task stands out as the day's #1 (see `Confidence`).
    public let confident: Bool
    public let blocks: [Block]
    public let later: [LaterItem]
    public let busy: [Busy]
    public let notifications: [PlannedNotification]
    public let nudge: DailyNudge
    /// The minute of the day at which the person undid a reflow of this plan: a block that had
    /// passed undone by then stays where they put it back, and only one ending later may set
    /// off another reflow. Nil when none was undone (and in plans saved before).
    public var reflowUndoneAt: Int? = nil

    /// Whether the plan is the evening after the window: light work until bedtime.
    public var isEvening: Bool { evening == true }

    /// Free minutes not yet planned.
    var freeMinutes: Int { capacityMinutes - loadMinutes }

    /// A scheduled task in the day's ranking, with its block and its place.
    public struct RankedTask: Sendable, Equatable {
        public let task: ScheduledTask
        public let block: Block
        /// From 0 for the best. Tasks tied with the best of a run (`Confidence.areTied`) share
        /// that one's place, so a tie is never shown as an order.
        public let place: Int
    }

    /// Every scheduled task, best rank first (among equal ranks, the one scheduled first). The
    /// one ranking the dashboard's "first" and the week board's sizes both read.
    public var ranking: [RankedTask] { Self.ranking(of: blocks) }

    /// The day's best-ranked scheduled tasks: one when the ranking is confident, else the
    /// leaders that share the top spot (place 0), at most three.
    public var topTasks: [ScheduledTask] { leaders.map(\.task) }

    /// `topTasks` with their blocks and places.
    public var leaders: [RankedTask] { Self.leaders(in: ranking, confident: confident) }

    static func leaders(in ranking: [RankedTask], confident: Bool) -> [RankedTask] {
        Array(ranking.prefix { $0.place == 0 }.prefix(confident ? 1 : 3))
    }

    static func ranking(of blocks: [Block]) -> [RankedTask] {
        let ordered = blocks.flatMap { block in block.tasks.map { (task: $0, block: block) } }.enumerated()
            .sorted { ($0.element.task.rank, $1.offset) > ($1.element.task.rank, $0.offset) }.map(\.element)
        var ranking: [RankedTask] = []
        for (index, entry) in ordered.enumerated() {
            // A run is measured from its first task, so a slow slide of scores still breaks into
            // runs; the top run is exactly the leaders `topTasks` names.
            let first = ranking.last.map { ranking[$0.place] }
            let place = first.flatMap { Confidence.areTied($0.task.rank, entry.task.rank) ? $0.place : nil } ?? index
            ranking.append(RankedTask(task: entry.task, block: entry.block, place: place))
        }
        return ranking
    }

    /// The instant `minutes` after midnight on this plan's date.
    public func instant(_ minutes: Int) -> Date { date.date(minutes: minutes, in: timeZone) }
}
