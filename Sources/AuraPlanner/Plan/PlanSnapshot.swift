import Foundation

/// What `aura plan` last decided, kept in `Content/planner/plan.json` for the site to render:
/// today's plan and the following days', and each block's published version, so a calendar
/// that re-reads the feed updates its events instead of duplicating them.
public struct PlanSnapshot: Sendable, Equatable, Codable {
    /// The published version of one block's event.
    public struct EventVersion: Sendable, Equatable, Codable {
        /// Raised each time the block's time changes.
        public let sequence: Int
        /// When this version was first planned; the event's DTSTAMP.
        public let stamp: Date
        public let span: MinuteSpan
    }

    public static let currentVersion = 1
    /// Its name in `Content/planner/`.
    public static let fileName = "plan.json"
    /// How many days the snapshot plans: today and the six after it.
    public static let horizon = 7

    public let version: Int
    /// When `aura plan` made it.
    public let generated: Date
    /// Today's plan first, then each following day in order.
    public let days: [DayPlan]
    /// Block id → its current version.
    public let events: [String: EventVersion]

    /// A snapshot of `days`, versioning each block against `previous`: an unchanged block keeps
    /// its sequence and stamp, a moved one gets the next sequence and the stamp `now`, a new
    /// one starts at 0.
    public init(days: [DayPlan], now: Date, previous: PlanSnapshot?) {
        version = Self.currentVersion
        generated = now
        self.days = days
        var events: [String: EventVersion] = [:]
        for block in days.flatMap(\.blocks) {
            switch previous?.events[block.id] {
            case let old? where old.span == block.span: events[block.id] = old
            case let old?: events[block.id] = EventVersion(sequence: old.sequence + 1, stamp: now, span: block.span)
            case nil: events[block.id] = EventVersion(sequence: 0, stamp: now, span: block.span)
            }
        }
        self.events = events
    }

    /// Today's plan.
    public var today: DayPlan? { days.first }

    /// The file's bytes: sorted keys, so the same snapshot always writes the same bytes.
    public func encoded() -> Data {
        // Plain values with string keys always encode.
        try! canonicalJSON(self)
    }

    /// Reads a snapshot; an error gives the line and column of the problem.
    public static func decode(_ data: Data) throws(InputError) -> PlanSnapshot {
        let bytes = [UInt8](data)
        if let syntax = JSONLocator.syntaxError(in: bytes) {
            throw InputError(line: syntax.position.line, column: syntax.position.column, message: "not valid JSON: \(syntax.message)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let snapshot = try decoder.decode(PlanSnapshot.self, from: data)
            guard snapshot.version <= currentVersion else {
                throw InputError(line: 1, column: 1, message: "written by a newer Aura (plan version \(snapshot.version)); this one reads up to version \(currentVersion)")
            }
            return snapshot
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(line: 1, column: 1, message: "not a plan written by 'aura plan' (\(error)); run 'aura plan' again to rewrite it")
        }
    }
}

extension DayPlanner {
    /// Plans `today` (from `now` onwards when given) and the days after it up to the horizon.
    public func planHorizon(_ store: TaskStore, from today: LocalDate, now: Date?, calendar: (any BusyCalendar)?) -> [DayPlan] {
        (0..<PlanSnapshot.horizon).map { offset in
            plan(store, on: today.adding(days: offset), now: offset == 0 ? now : nil, calendar: calendar)
        }
    }
}
