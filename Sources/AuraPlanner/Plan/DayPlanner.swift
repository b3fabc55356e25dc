import Foundation

/// "Plan My Day": turns the store's tasks for a day into a ranked, time-blocked plan with
/// notifications. Pure: the day, the current time and the calendar come in as values.
public struct DayPlanner: Sendable {
    var settings: PlannerSettings
    var ranker: any Ranker
    var scheduler: Scheduler

    public init(settings: PlannerSettings, ranker: any Ranker = HeuristicRanker(), scheduler: Scheduler = Scheduler()) {
        self.settings = settings
        self.ranker = ranker
        self.scheduler = scheduler
    }

    /// Plans `day` from `store` (which it does not change). With `now` on `day`, only the part
    /// of the window still ahead is planned; with `now` nil, the whole window. Once the window
    /// has closed, the day's plan is its evening (until bedtime), for what fits an evening; the
    /// rest waits in Later for tomorrow.
    /// Blocks in `keeping` (those already under way or behind, planned again) stay as they are:
    /// their tasks are not placed again and nothing new overlaps them.
    func plan(
        _ store: TaskStore, on day: LocalDate, now: Date? = nil, calendar: (any BusyCalendar)? = nil,
        keeping kept: [DayPlan.Block] = []
    ) -> DayPlan {
        let evening = settings.evening(on: day, now: now)
        let window = evening ?? settings.window
        let dayBusy = busySpans(on: day, inside: .wholeDay, from: calendar)
        let busy = dayBusy.compactMap { event in
            event.span.clamped(to: window).map { DayPlan.Busy(span: $0, title: event.title) }
        }
        let keptIDs = Set(kept.flatMap(\.tasks).map(\.id))
        let open = store.tasks.filter { $0.isOpen(on: day) && !keptIDs.contains($0.id) }
        let ideas = open.filter(\.isUndatedIdea)
        let dueToday = open.filter { $0.isDue(on: day) }
        let due = evening.map { evening in dueToday.filter { Self.fits($0, evening: evening, on: day) } } ?? dueToday
        let forTomorrow = dueToday.filter { task in !due.contains { $0.id == task.id } }
        let snoozedPast = due.filter { task in task.snoozedUntil.map { settings.day(of: $0) > day } ?? false }
        let candidates = due.filter { task in !snoozedPast.contains { $0.id == task.id } }
        let ranks = ranker.scores(for: candidates, on: day)
        let schedulable = candidates.map { task in
            SchedulableTask(
                id: task.id, title: task.title, category: task.category,
                minutes: task.minutes ?? task.category.defaultMinutes,
                fixedStart: task.timeIsApproximate ? nil : task.time?.minutes,
                approximateStart: task.timeIsApproximate ? task.time?.minutes : nil,
                notBefore: task.snoozedUntil.flatMap {
                    settings.day(of: $0) == day ? settings.minutes(of: $0, on: day) : nil
                },
                rank: evening != nil && task.asksForTheEvening
                    ? min(1, (ranks[task.id] ?? 0) + 0.5) : ranks[task.id] ?? 0,
                // After the window the whole plan is the evening: `tonight` may go anywhere in it.
                partOfDay: evening != nil && task.asksForTheEvening ? nil : task.partOfDay,
                // What must be done tonight comes before what could wait.
                isPressing: evening != nil && (task.asksForTheEvening || task.isDeadline(onOrBefore: day)))
        }
        var scheduler = scheduler
        scheduler.partsOfDay = settings.partsOfDay
        let schedule = scheduler.schedule(
            schedulable, window: window, opensAt: opensAt(day, now: now), passedBefore: minuteNow(on: day, now: now),
            busy: dayBusy.map(\.span) + kept.map(\.span))

        let placed = schedule.blocks.map { block in
            DayPlan.Block(
                id: "\(day.iso)-\(block.tasks[0].id)", span: block.span, category: block.category,
                focusMode: block.focusMode,
                tasks: block.tasks.map { task in
                    let stored = candidates.first { $0.id == task.id }
                    return DayPlan.ScheduledTask(
                        id: task.id, title: task.title, minutes: task.minutes, rank: task.rank,
                        due: stored?.due, partOfDay: stored?.partOfDay)
                },
                isFixed: block.isFixed,
                conflict: block.clash.map { clash in
                    DayPlan.Conflict(
                        with: Self.words(for: clash, at: block.span, busy: dayBusy, kept: kept), freeAt: clash.freeAt,
                        movable: candidates.first { $0.id == block.tasks[0].id }?.recurrence == nil)
                })
        }
        let blocks = (kept + placed).sorted { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
        let later =
            schedule.later.map {
                DayPlan.LaterItem(id: $0.task.id, title: $0.task.title, category: $0.task.category, reason: $0.reason)
            }
            + snoozedPast.map { task in
                let until = task.snoozedUntil!
                let untilDay = settings.day(of: until)
                return DayPlan.LaterItem(
                    id: task.id, title: task.title, category: task.category,
                    reason:
                        "snoozed until \(untilDay.iso) \(ClockTime.format(settings.minutes(of: until, on: untilDay)))")
            }
            + forTomorrow.map {
                DayPlan.LaterItem(
                    id: $0.id, title: $0.title, category: $0.category,
                    reason: ($0.recurrence == nil ? "for tomorrow: " : "")
                        + "the day window closed at \(ClockTime.format(settings.window.end))")
            }
            + ideas.map {
                DayPlan.LaterItem(
                    id: $0.id, title: $0.title, category: $0.category,
                    reason: "an idea: kept, not scheduled until it has a date")
            }
        let confident = Confidence.singlesOutOne(blocks.flatMap(\.tasks).map(\.rank))
        let words = NotificationPlanner(date: day, timeZone: settings.timeZone, window: window)
        return DayPlan(
            date: day, timeZone: settings.timeZone, window: window, evening: evening == nil ? nil : true,
            capacityMinutes: schedule.capacityMinutes, loadMinutes: schedule.loadMinutes,
            confident: confident, blocks: blocks, later: later, busy: busy,
            notifications: words.notifications(for: blocks, busy: busy),
            nudge: words.nudge(
                top: DayPlan.leaders(in: DayPlan.ranking(of: blocks), confident: confident).map(\.task), blocks: blocks)
        )
    }

    /// `previous` with the days in `touched` planned again from `store` (a person changed their
    /// tasks): a later day whole; today from `now`, keeping the blocks that have begun, less the
    /// tasks no longer due in them, and the finished tasks of the others in their places; an
    /// earlier day as it was.
    public func replan(
        _ previous: PlanSnapshot, touching touched: Set<LocalDate>, store: TaskStore, now: Date,
        calendar: (any BusyCalendar)?
    ) -> [DayPlan] {
        let today = settings.day(of: now)
        return previous.days.map { day in
            guard touched.contains(day.date), day.date >= today else { return day }
            guard day.date == today else { return plan(store, on: day.date, calendar: calendar) }
            let minute = settings.minutes(of: now, on: today)
            let begun = day.blocks.filter { $0.span.start < minute }.compactMap { block in
                block.keeping { task in
                    // A task given a time since (or a fixed one moved) leaves the begun block for it.
                    guard let stored = store.tasks.first(where: { $0.id == task.id }), stored.isDue(on: today),
                        stored.timeIsApproximate
                            ? !block.isFixed : stored.time.map({ $0.minutes == block.span.start }) ?? !block.isFixed
                    else { return nil }
                    return DayPlan.ScheduledTask(
                        id: task.id, title: stored.title, minutes: task.minutes, rank: task.rank, due: stored.due,
                        partOfDay: stored.partOfDay)
                }
            }
            var planned = plan(
                store, on: today, now: now, calendar: calendar,
                keeping: Self.keptInPlace(day, begun: begun, store: store))
            planned.reflowUndoneAt = day.reflowUndoneAt
            return planned
        }
    }

    /// Today's plan re-flowed at `now`: when a block the planner chose has ended with a task
    /// neither done nor snoozed, the rest of the day is planned again from now around what is
    /// fixed: the block under way, appointments, finished tasks and busy time stay, and the
    /// passed tasks go back among the rest. Nil when no block has passed undone (or `previous`
    /// is not today's).
    public func reflow(_ previous: DayPlan, store: TaskStore, now: Date, calendar: (any BusyCalendar)?)
        -> Reflow?
    {
        guard mayReflow(previous, now: now) else { return nil }
        let today = previous.date
        let minute = settings.minutes(of: now, on: today)
        func waiting(_ task: DayPlan.ScheduledTask) -> Bool {
            guard let index = store.index(of: task.id) else { return false }
            let task = store.tasks[index]
            guard task.isDue(on: today), task.isOpen(on: today) else { return false }
            return task.snoozedUntil.map { $0 <= now } ?? true
        }
        let missed = Self.passed(previous, by: minute).flatMap { $0.tasks.filter(waiting) }
        guard !missed.isEmpty else { return nil }
        let missedIDs = Set(missed.map(\.id))
        // Every begun block stays, less its missed tasks.
        let begun = previous.blocks.filter { $0.span.start < minute }.compactMap { block in
            block.keeping { missedIDs.contains($0.id) ? nil : $0 }
        }
        var day = plan(
            store, on: today, now: now, calendar: calendar,
            keeping: Self.keptInPlace(previous, begun: begun, store: store))
        day.reflowUndoneAt = previous.reflowUndoneAt
        return Reflow(day: day, missed: missed)
    }

    /// Whether `day` is today's plan with a block the planner chose that ended (`reflowGrace`
    /// ago) by `now`: a look at the plan alone, before the store is read.
    public func mayReflow(_ day: DayPlan, now: Date) -> Bool {
        let today = settings.day(of: now)
        guard day.date == today, !day.isEvening else { return false }
        return !Self.passed(day, by: settings.minutes(of: now, on: today)).isEmpty
    }

    /// The blocks of `day` the planner chose that ended (`reflowGrace` ago) by `minute`, less
    /// those that had by the time a reflow of the day was undone.
    private static func passed(_ day: DayPlan, by minute: Int) -> [DayPlan.Block] {
        day.blocks.filter { block in
            let passedAt = block.span.end + reflowGrace
            return !block.isFixed && passedAt <= minute && passedAt > (day.reflowUndoneAt ?? .min)
        }
    }

    /// `day`, put back by an undo at `now` of the reflow that had planned it again: the blocks
    /// that had passed undone by then stay as they are.
    public func reflowUndone(_ day: DayPlan, now: Date) -> DayPlan {
        var undone = day
        undone.reflowUndoneAt = settings.minutes(of: now, on: day.date)
        return undone
    }

    /// How long after a block's end its tasks may still be marked before the day re-flows: the
    /// person finishing a minute late is not planned around.
    public static let reflowGrace = 5

    /// A day planned again because blocks passed undone (`reflow`).
    public struct Reflow: Sendable, Equatable {
        /// Today's new plan.
        public let day: DayPlan
        /// The tasks whose blocks had ended undone, in the order they were planned.
        public let missed: [DayPlan.ScheduledTask]
    }

    /// What stays in place when the day of `previous` is planned again: the `begun` blocks as
    /// given, and the tasks of every other block finished on that day, each block's at its
    /// start, as long as they took. A finished task stays where the person saw it until the day
    /// ends, however often the rest of the day is planned again.
    static func keptInPlace(_ previous: DayPlan, begun: [DayPlan.Block] = [], store: TaskStore)
        -> [DayPlan.Block]
    {
        let inBegun = Set(begun.flatMap(\.tasks).map(\.id))
        return begun
            + previous.blocks.compactMap { block -> DayPlan.Block? in
                let finished = block.tasks.filter { task in
                    guard !inBegun.contains(task.id), let index = store.index(of: task.id) else { return false }
                    return store.tasks[index].isDue(on: previous.date) && !store.tasks[index].isOpen(on: previous.date)
                }
                guard let lead = finished.first else { return nil }
                return DayPlan.Block(
                    id: "\(previous.date.iso)-\(lead.id)",
                    span: MinuteSpan(
                        start: block.span.start, end: block.span.start + finished.reduce(0) { $0 + $1.minutes }),
                    category: block.category, focusMode: block.focusMode, tasks: finished, isFixed: block.isFixed)
            }
    }

    /// After the window has closed on `day` (`now` in its evening), keeps tonight what tonight's
    /// plan holds and moves `day`'s other unfinished one-off tasks to tomorrow, as a change made
    /// at `at`: Plan My Day in the evening plans the evening and tomorrow. Returns the ids moved;
    /// none while the window is open.
    public func planTomorrow(
        _ store: inout TaskStore, after day: LocalDate, now: Date?, calendar: (any BusyCalendar)?, at: Int64
    ) -> [String] {
        guard settings.evening(on: day, now: now) != nil else { return [] }
        // Without what it could not place, the evening may be planned differently: settle on
        // what it holds first, then move the rest as one change.
        var trial = store
        var tonight: Set<String>
        repeat {
            tonight = Set(plan(trial, on: day, now: now, calendar: calendar).blocks.flatMap(\.tasks).map(\.id))
        } while !trial.pushUnfinished(from: day, except: tonight).isEmpty
        return store.pushUnfinished(from: day, except: tonight, at: at)
    }

    /// What an appointment at `span` clashes with, in words: a calendar event by its title, a
    /// block by its first task.
    private static func words(
        for clash: Schedule.Clash, at span: MinuteSpan, busy: [DayPlan.Busy], kept: [DayPlan.Block]
    ) -> String {
        let clock = ClockTime.format
        if let title = clash.blockTitle { return "“\(title)” at \(clock(clash.span.start))" }
        if let event = busy.first(where: { $0.span.overlaps(span) }) {
            return "“\(event.title)” (\(clock(event.span.start))–\(clock(event.span.end))) in your calendar"
        }
        if let block = kept.first(where: { $0.span.overlaps(span) }) {
            return "“\(block.tasks[0].title)” at \(clock(block.span.start))"
        }
        return "busy time \(clock(clash.span.start))–\(clock(clash.span.end))"
    }

    /// Whether `task` belongs in the evening after the window of `day`: one fixed at a time
    /// inside it, one whose deadline is that day or past (tomorrow would be too late), one that
    /// asked for the evening or the night, or light work (Admin, Culture) that named no other
    /// part of the day.
    static func fits(_ task: StoredTask, evening: MinuteSpan, on day: LocalDate) -> Bool {
        if let time = task.time { return time.minutes >= evening.start && time.minutes < evening.end }
        if task.isDeadline(onOrBefore: day) { return true }
        if task.partOfDay != nil { return task.asksForTheEvening }
        return task.category == .admin || task.category == .culture
    }

    /// Where planning may start: the window's start, or now (rounded up to five minutes) on the day itself.
    private func opensAt(_ day: LocalDate, now: Date?) -> Int {
        guard let now else { return settings.window.start }
        let today = settings.day(of: now)
        if today < day { return settings.window.start }
        if today > day { return settings.window.end }
        return (settings.minutes(of: now, on: day) + 4) / 5 * 5
    }

    /// The minute it is now, when `day` is today: a task fixed at it or after is still to come,
    /// though free work starts on the five minutes after.
    private func minuteNow(on day: LocalDate, now: Date?) -> Int? {
        guard let now, settings.day(of: now) == day else { return nil }
        return settings.minutes(of: now, on: day)
    }

    /// The calendar's busy time on `day`, inside `window`, in order.
    private func busySpans(on day: LocalDate, inside window: MinuteSpan, from calendar: (any BusyCalendar)?)
        -> [DayPlan.Busy]
    {
        guard let calendar else { return [] }
        let midnight = day.date(minutes: 0, in: settings.timeZone)
        let next = day.adding(days: 1).date(minutes: 0, in: settings.timeZone)
        return calendar.busyIntervals(from: midnight, to: next).compactMap { interval in
            let span = MinuteSpan(
                start: settings.minutes(of: interval.start, on: day), end: settings.minutes(of: interval.end, on: day))
            return span.clamped(to: window).map { DayPlan.Busy(span: $0, title: interval.title) }
        }
        .sorted { ($0.span.start, $0.span.end, $0.title) < ($1.span.start, $1.span.end, $1.title) }
    }
}

extension StoredTask {
    /// Whether the task named the evening or the night (`tonight`): in the evening after the
    /// window it comes before the day's leftovers.
    var asksForTheEvening: Bool { partOfDay == .evening || partOfDay == .night }

    /// Whether the task's deadline is `day` or has passed.
    func isDeadline(onOrBefore day: LocalDate) -> Bool { due.map { $0 <= day } ?? false }
}
