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
        let span: MinuteSpan
    }

    static let currentVersion = 1
    /// How many days the snapshot plans: today and the six after it.
    public static let horizon = 7
    /// The last day a plan may start on: its horizon must end by 9999-12-31, the last date the
    /// store reads back.
    public static let latestStart = LocalDate(year: LocalDate.latestYear, month: 12, day: 31)!.adding(days: 1 - horizon)

    let version: Int
    /// When `aura plan` made it.
    public let generated: Date
    /// Today's plan first, then each following day in order.
    public let days: [DayPlan]
    /// Block id → its current version.
    public let events: [String: EventVersion]

    /// A snapshot of `days`, versioning each block against `previous`: an unchanged block keeps
    /// its sequence and stamp, a moved one gets the next sequence and the stamp `now`, a new
    /// one starts at 0.
    public init(days: [DayPlan], now exact: Date, previous: PlanSnapshot?) {
        // To the second, as `plan.json` keeps it: the snapshot in memory is the one read back.
        let now = Date(timeIntervalSince1970: exact.timeIntervalSince1970.rounded(.down))
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
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let rewrite = "; run 'aura plan' again to rewrite it"
        do {
            let snapshot = try decoder.decode(PlanSnapshot.self, from: data)
            guard snapshot.version <= currentVersion else {
                throw InputError(
                    line: 1, column: 1,
                    message:
                        "written by a newer Aura (plan version \(snapshot.version)); this one reads up to version \(currentVersion)"
                )
            }
            try snapshot.validate(in: bytes)
            return snapshot
        } catch let error as InputError {
            throw InputError(line: error.line, column: error.column, message: error.message + rewrite)
        } catch let error as DecodingError {
            // Located only once decoding failed: a plan is read on every action.
            if let syntax = JSONLocator.syntaxError(in: bytes) {
                throw InputError(
                    line: syntax.position.line, column: syntax.position.column,
                    message: "not valid JSON: \(syntax.message)")
            }
            let located = JSONLocator.error(for: error, in: bytes)
            throw InputError(line: located.line, column: located.column, message: located.message + rewrite)
        } catch {
            throw InputError(
                line: 1, column: 1,
                message: "not a plan written by 'aura plan' (\(error)); run 'aura plan' again to rewrite it")
        }
    }
}

extension PlanSnapshot {
    /// The most times one block's event may have moved: far beyond any real plan, and far from
    /// where the next `sequence + 1` overflows.
    static let maximumSequence = 1_000_000

    /// Numbers the site and the next plan do arithmetic on must stay within a day, and block
    /// ids, which become dictionary keys and calendar UIDs, must be unique in each day.
    fileprivate func validate(in bytes: [UInt8]) throws(InputError) {
        func fail(_ path: [JSONLocator.PathComponent], _ message: String) -> InputError {
            let at = JSONLocator.position(of: path, in: bytes) ?? .init()
            let field = path.map {
                if case .key(let key) = $0 {
                    ".\(key)"
                } else if case .index(let index) = $0 {
                    "[\(index)]"
                } else {
                    ""
                }
            }.joined()
            return InputError(line: at.line, column: at.column, message: "\(field.dropFirst()): \(message)")
        }
        for (dayIndex, day) in days.enumerated() {
            let dayPath: [JSONLocator.PathComponent] = [.key("days"), .index(dayIndex)]
            for (key, value) in [("capacityMinutes", day.capacityMinutes), ("loadMinutes", day.loadMinutes)]
            where !(0...MinuteSpan.dayMinutes).contains(value) {
                throw fail(
                    dayPath + [.key(key)], "\(value) is out of range; expected 0 to \(MinuteSpan.dayMinutes) minutes")
            }
            var first: [String: Int] = [:]
            for (blockIndex, block) in day.blocks.enumerated() {
                let blockPath = dayPath + [.key("blocks"), .index(blockIndex)]
                if let earlier = first[block.id] {
                    let there =
                        JSONLocator.position(of: dayPath + [.key("blocks"), .index(earlier), .key("id")], in: bytes)
                        ?? .init()
                    throw fail(
                        blockPath + [.key("id")],
                        "duplicate block id '\(block.id)', already used at line \(there.line), column \(there.column); expected each id once"
                    )
                }
                first[block.id] = blockIndex
                for (taskIndex, task) in block.tasks.enumerated()
                where !(1...MinuteSpan.dayMinutes).contains(task.minutes) {
                    throw fail(
                        blockPath + [.key("tasks"), .index(taskIndex), .key("minutes")],
                        "\(task.minutes) is out of range; expected 1 to \(MinuteSpan.dayMinutes) minutes")
                }
            }
        }
        for (id, event) in events where !(0...Self.maximumSequence).contains(event.sequence) {
            throw fail(
                [.key("events"), .key(id), .key("sequence")],
                "\(event.sequence) is out of range; expected 0 to \(Self.maximumSequence)")
        }
    }
}

extension DayPlanner {
    /// Plans `today` (from `now` onwards when given) and the days after it up to the horizon.
    /// Today's tasks already finished in `previous` stay in their places (`keptInPlace`).
    public func planHorizon(
        _ store: TaskStore, from today: LocalDate, now: Date?, calendar: (any BusyCalendar)?,
        previous: PlanSnapshot? = nil
    ) -> [DayPlan] {
        let finished = previous?.days.first { $0.date == today }.map { Self.keptInPlace($0, store: store) } ?? []
        return (0..<PlanSnapshot.horizon).map { offset in
            offset == 0
                ? plan(store, on: today, now: now, calendar: calendar, keeping: finished)
                : plan(store, on: today.adding(days: offset), calendar: calendar)
        }
    }
}
