import AuraCalendar
import AuraPlanner
import Foundation
import Platform

/// Plan My Day, the product's main action, as one use case that `aura plan`, cron and the
/// server call: capture the inbox into the store, roll unfinished tasks forward, plan today
/// and the six days after around the calendar, then save the store, the plan (`plan.json`)
/// and the drained inbox — under the content folder's lock, as one transaction.
///
/// The store is saved first and remembers the inbox text it captured until the inbox is
/// drained; a plan stopped in between is finished by the next one (`Inbox.finishingDrain`),
/// so a kill at any moment neither loses nor duplicates an inbox line.
public struct PlanMyDay: Sendable {
    let folder: PlannerFolder

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
    }

    public init(folder: PlannerFolder) {
        self.folder = folder
    }

    /// Plans `day`; from `now` on when given (today, planned from this moment), else the whole
    /// day. `clock` stamps the plan. `adding` lines (read first, `PlannerFolder.read(_:today:)`)
    /// are taken in after the inbox's, in the same transaction. A dry run computes the same plan
    /// and writes nothing. Problems in the inbox or the calendar are `SourceErrors` naming every
    /// one, with no file changed.
    public func run(
        day: LocalDate, from now: Date?, clock: Date, adding lines: [String] = [], dryRun: Bool = false,
        onWait: @escaping @Sendable () -> Void = {}
    ) throws -> Outcome {
        let settings = try folder.settings()
        let lock = try folder.lock(exclusive: !dryRun, onWait: onWait)
        defer { lock?.release() }
        PausePoint.reached("plan: lock taken")
        var store = try folder.loadStore()
        var inboxText = try folder.text(of: folder.inbox)
        if let undrained = store.undrainedInbox {
            // The last plan stopped after saving its capture, before draining the inbox: finish that first.
            inboxText = Inbox.finishingDrain(of: undrained, in: inboxText ?? "")
            store.undrainedInbox = nil
            if !dryRun {
                try AtomicFile.write(Data((inboxText ?? "").utf8), to: folder.inbox.url)
                try folder.save(store)
                PausePoint.reached("plan: the last plan's drain finished")
            }
        }
        if !lines.isEmpty { inboxText = Inbox.appending(lines, to: inboxText ?? "") }
        let entries: [Inbox.Entry]
        do {
            entries = try Inbox.capture(
                inboxText ?? "",
                with: CaptureParser(
                    today: day, now: now.flatMap { settings.clock(of: $0, on: day) }, settings: settings.capture))
        } catch {
            throw PlannerFolder.sourceErrors(error.errors, in: folder.inbox.url)
        }
        let calendar = try folder.busyCalendar(settings)

        let captured = store.capture(entries.flatMap(\.items), on: day)
        store.rollForward(to: day)
        let planner = DayPlanner(settings: settings)
        let moved = planner.planTomorrow(&store, after: day, now: now, calendar: calendar, at: clock.milliseconds)
        let previous = folder.plan()
        let days = planner.planHorizon(store, from: day, now: now, calendar: calendar, previous: previous)
        let outcome = Outcome(
            days: days, captured: captured, movedToTomorrow: moved, planned: settings.plannedDay(day, now: now))
        guard !dryRun else { return outcome }

        // Saving the store commits the capture; it remembers the inbox until the drain is done.
        if !entries.isEmpty { store.undrainedInbox = inboxText }
        try folder.save(store)
        PausePoint.reached("plan: capture saved")
        let snapshot = PlanSnapshot(days: days, now: clock, previous: previous)
        try folder.write(snapshot)
        PausePoint.reached("plan: plan written")
        var inboxLeft = inboxText
        if let inboxText, !entries.isEmpty {
            inboxLeft = Inbox.drained(inboxText)
            try AtomicFile.write(Data((inboxLeft ?? "").utf8), to: folder.inbox.url)
            PausePoint.reached("plan: inbox drained")
            store.undrainedInbox = nil
            try folder.save(store)
        }
        folder.remember(PlannerState(plan: snapshot, store: store, inbox: inboxLeft))
        return outcome
    }
}
