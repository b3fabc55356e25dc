import AuraCalendar
import AuraPlanner
import AuraSettings
import Diagnostics
import Foundation

/// Plan My Day, the product's main action, as one use case that `aura plan`, cron and the
/// server call: capture the inbox into the store, roll unfinished tasks forward, plan today
/// and the six days after around the calendar, then keep the store, the plan and the drained
/// inbox — one transaction of the person's `PlannerStore`, so a kill at any moment neither
/// loses nor duplicates an inbox line.
public struct PlanMyDay: Sendable {
    let planner: any PlannerStore

    /// What a plan produced.
    public struct Outcome: Sendable {
        /// Today first, then the days after it.
        public let days: [DayPlan]
        /// Ids of the tasks captured from the inbox this time.
        public let captured: [String]
        /// Ids of the tasks moved to tomorrow: planned after the window, today's plan is its
        /// evening, and what does not fit it is planned tomorrow.
        public let movedToTomorrow: [String]
        /// Which day the plan is about: after the window, the evening (`days[0].window`) and tomorrow.
        public let planned: PlannedDay
        /// Words in the inbox lines captured that look like a when and were not read, each at
        /// its line and column: they stay in the tasks' titles.
        public let warnings: [SourceError]
    }

    public init(planner: any PlannerStore) {
        self.planner = planner
    }

    /// Plans `day`; from `now` on when given (today, planned from this moment), else the whole
    /// day. `clock` stamps the plan. `adding` lines (read first, `QuickCapture.read`) are taken
    /// in after the inbox's, in the same transaction. A dry run computes the same plan and
    /// keeps nothing. Problems in the inbox or the calendar are `SourceErrors` naming every
    /// one, with nothing changed.
    public func run(
        day: LocalDate, from now: Date?, clock: Date, adding lines: [String] = [], dryRun: Bool = false,
        onWait: @escaping @Sendable () -> Void = {}
    ) throws -> Outcome {
        let settings = try planner.settings()
        guard !dryRun else {
            var state = try planner.read(onWait: onWait)
            return try plan(&state, day: day, from: now, clock: clock, adding: lines, settings: settings)
        }
        return try planner.update(onWait: onWait) { state in
            try plan(&state, day: day, from: now, clock: clock, adding: lines, settings: settings)
        }
    }

    private func plan(
        _ state: inout PlannerState, day: LocalDate, from now: Date?, clock: Date, adding lines: [String],
        settings: PlannerSettings
    ) throws -> Outcome {
        var inboxText = state.inbox
        if !lines.isEmpty { inboxText = Inbox.appending(lines, to: inboxText ?? "") }
        let entries: [Inbox.Entry]
        do {
            entries = try Inbox.capture(
                inboxText ?? "",
                with: CaptureParser(
                    today: day, now: now.flatMap { settings.clock(of: $0, on: day) }, settings: settings.capture))
        } catch {
            throw planner.problems(error.errors, in: .inbox)
        }
        let calendar = try planner.busyCalendar(of: state, settings)

        var store = state.tasks
        let captured = store.capture(entries.flatMap(\.items), on: day)
        store.rollForward(to: day)
        let dayPlanner = DayPlanner(settings: settings)
        let moved = dayPlanner.planTomorrow(&store, after: day, now: now, calendar: calendar, at: clock.milliseconds)
        let previous = state.plan
        let days = dayPlanner.planHorizon(store, from: day, now: now, calendar: calendar, previous: previous)
        state.store = store
        state.plan = PlanSnapshot(days: days, now: clock, previous: previous)
        if let inboxText, !entries.isEmpty { state.inbox = Inbox.drained(inboxText) }
        let inbox = planner.location(of: .inbox)
        return Outcome(
            days: days, captured: captured, movedToTomorrow: moved, planned: settings.plannedDay(day, now: now),
            warnings: entries.flatMap(\.warnings).map { $0.located(in: inbox) })
    }
}
