import Foundation
import Testing

@testable import AuraPlanner

/// Seeded random days, checked against every promise the scheduler makes.
struct SchedulerPropertyTests {
    static let scheduleRuns = 3000
    static let planRuns = 1000

    /// Everything that must hold for any schedule; returns the broken promises.
    static func violations(
        of schedule: Schedule, tasks: [SchedulableTask], window: MinuteSpan, opensAt: Int,
        busy: [MinuteSpan], scheduler: Scheduler
    ) -> [String] {
        var problems: [String] = []
        let blocks = schedule.blocks
        let mergedBusy = MinuteSpan.merged(busy.compactMap { $0.clamped(to: window) })
        // Only an appointment kept beside a clash shares its time, and it names the clash.
        for (index, first) in blocks.enumerated() {
            for second in blocks[(index + 1)...] where first.span.overlaps(second.span) {
                if !(first.isFixed && second.isFixed && (first.clash != nil || second.clash != nil)) {
                    problems.append("blocks overlap: \(first.span) and \(second.span)")
                }
            }
        }
        let passedBefore = opensAt > window.start ? min(max(opensAt, window.start), window.end) : 0
        for block in blocks {
            if block.isFixed {
                if block.span.start < passedBefore || block.span.end > MinuteSpan.wholeDay.end {
                    problems.append("appointment \(block.span) passed or past midnight (\(opensAt)/\(window))")
                }
                let overlapsBusy = busy.contains { $0.overlaps(block.span) }
                let overlapsBlock = blocks.contains { $0 != block && $0.isFixed && $0.span.overlaps(block.span) }
                if block.clash != nil && !overlapsBusy && !overlapsBlock {
                    problems.append("appointment \(block.span) names a clash it does not have")
                }
                if let free = block.clash?.freeAt,
                    !(free >= max(opensAt, window.start) && free + block.span.length <= window.end)
                {
                    problems.append("appointment \(block.span) suggests \(free), outside the open window")
                }
            } else {
                if block.span.start < max(window.start, opensAt) || block.span.end > window.end {
                    problems.append("block \(block.span) outside the open window \(opensAt)/\(window)")
                }
                if let clash = mergedBusy.first(where: { $0.overlaps(block.span) }) {
                    problems.append("block \(block.span) overlaps busy \(clash)")
                }
            }
            for task in block.tasks where (task.notBefore ?? 0) > block.span.start {
                problems.append("\(task.id) starts before its snooze ends")
            }
            if block.isFixed {
                let task = block.tasks[0]
                if block.tasks.count != 1 || block.span.start != max(task.fixedStart ?? -1, task.notBefore ?? 0) {
                    problems.append("fixed block \(block.span) is not its task's time")
                }
            } else if block.tasks.contains(where: { $0.fixedStart != nil }) {
                problems.append("a fixed-time task was moved into a flexible block")
            }
            let taskMinutes = block.tasks.reduce(0) { $0 + $1.minutes }
            switch block.category {
            // A task at a rough time (`call the bank at lunchtime`) stands alone near it, at its own length.
            case .admin where !block.isFixed && !block.tasks.contains { scheduler.roughStart(of: $0) != nil }:
                if !scheduler.adminWindow.contains(block.span.length) || taskMinutes > scheduler.adminWindow.upperBound
                {
                    problems.append("admin window \(block.span) lasts \(block.span.length) minutes")
                }
            default:
                // Deep blocks (and single blocks) hold their tasks back to back, with no gap.
                if block.span.length != taskMinutes {
                    problems.append("\(block.category) block \(block.span) is not contiguous")
                }
            }
            if block.tasks.contains(where: { $0.category != block.category }) {
                problems.append("block mixes categories")
            }
            for task in block.tasks where !block.isFixed {
                if let part = task.partOfDay, let stretch = scheduler.partsOfDay[part],
                    block.span.start < stretch.start || block.span.end > stretch.end
                {
                    problems.append("\(task.id) asked for the \(part) \(stretch) but sits in \(block.span)")
                }
            }
        }
        // Buffers: a block the planner chose keeps its distance from busy time and other blocks.
        let items = (blocks.map { ($0.span, $0.isFixed) } + mergedBusy.map { ($0, true) }).sorted {
            $0.0.start < $1.0.start
        }
        for (first, second) in zip(items, items.dropFirst()) where !(first.1 && second.1) {
            if second.0.start - first.0.end < scheduler.buffer {
                problems.append("no buffer between \(first.0) and \(second.0)")
            }
        }
        let scheduled = blocks.flatMap(\.tasks).map(\.id)
        let deferred = schedule.later.map(\.task.id)
        if (scheduled + deferred).sorted() != tasks.map(\.id).sorted() {
            problems.append("tasks not each scheduled exactly once or listed in Later")
        }
        if schedule.later.contains(where: { $0.reason.isEmpty }) { problems.append("a Later item has no reason") }
        // Flexible work counts whole; an appointment only for the free time it takes in the window.
        let flexibleLoad = blocks.filter { !$0.isFixed }.flatMap(\.tasks).reduce(0) { $0 + $1.minutes }
        let load = blocks.flatMap(\.tasks).reduce(0) { $0 + $1.minutes }
        if schedule.loadMinutes < flexibleLoad || schedule.loadMinutes > load {
            problems.append("load \(schedule.loadMinutes) is not between \(flexibleLoad) and \(load) scheduled")
        }
        if schedule.loadMinutes > schedule.capacityMinutes {
            problems.append("load \(schedule.loadMinutes) exceeds capacity \(schedule.capacityMinutes)")
        }
        // Fixed-time tasks keep their times whatever the load; the planner adds nothing past the limit.
        if Double(schedule.loadMinutes) > Double(schedule.capacityMinutes) * scheduler.loadLimit,
            blocks.contains(where: { !$0.isFixed })
        {
            problems.append(
                "load \(schedule.loadMinutes) passes \(scheduler.loadLimit) of capacity \(schedule.capacityMinutes)")
        }
        problems += untrueReasons(
            of: schedule, window: window, opensAt: opensAt, busy: mergedBusy, scheduler: scheduler)
        return problems
    }

    /// The best-ranked flexible task, when Deep Work or Admin and scheduled at all, starts where
    /// the earliest stretch that holds it begins in a day holding only busy time and the fixed
    /// tasks: no other block of the planner's choosing comes before it.
    static func topTaskProblems(
        of schedule: Schedule, tasks: [SchedulableTask], window: MinuteSpan, opensAt: Int, busy: [MinuteSpan],
        scheduler: Scheduler
    ) -> [String] {
        let flexible = tasks.filter { $0.fixedStart == nil }
        guard let top = flexible.first(where: { $0.rank == flexible.map(\.rank).max() }),
            top.category == .deepWork || top.category == .admin,
            let block = schedule.blocks.first(where: { $0.tasks.contains { $0.id == top.id } })
        else { return [] }
        var bare = DayState(
            window: window, open: MinuteSpan(start: min(max(opensAt, window.start), window.end), end: window.end),
            busy: busy,
            buffer: scheduler.buffer, loadCap: .max, capacity: 0)
        for fixed in schedule.blocks where fixed.isFixed { bare.add(fixed) }
        let need = top.category == .admin ? max(scheduler.adminWindow.lowerBound, top.minutes) : top.minutes
        let first = bare.start(for: need, within: scheduler.bounds(for: top), preferring: .earliest)
        return block.span.start == first
            ? []
            : [
                "the top task \(top.id) starts at \(block.span.start), not at the first stretch that holds it (\(first.map(String.init) ?? "none"))"
            ]
    }

    /// Every Later reason checked against the final plan: a reason must be true of the day as
    /// planned, not only of the moment it was written.
    static func untrueReasons(
        of schedule: Schedule, window: MinuteSpan, opensAt: Int, busy: [MinuteSpan],
        scheduler: Scheduler
    ) -> [String] {
        let open = MinuteSpan(start: min(max(opensAt, window.start), window.end), end: window.end)
        let taken = MinuteSpan.merged(
            (busy + schedule.blocks.map(\.span)).map {
                MinuteSpan(start: $0.start - scheduler.buffer, end: $0.end + scheduler.buffer)
            })
        func longestGap(for task: SchedulableTask) -> Int {
            let part = task.partOfDay.flatMap { scheduler.partsOfDay[$0] }
            let bounds = MinuteSpan(
                start: max(open.start, task.notBefore ?? open.start, part?.start ?? open.start),
                end: min(open.end, part?.end ?? open.end))
            return bounds.length > 0 ? MinuteSpan.gaps(in: bounds, around: taken).map(\.length).max() ?? 0 : 0
        }
        let loadCap = Int(Double(schedule.capacityMinutes) * scheduler.loadLimit)
        var problems: [String] = []
        for deferral in schedule.later {
            let task = deferral.task
            let reason = deferral.reason
            let start = task.fixedStart.map { max($0, task.notBefore ?? 0) }
            let holds: Bool
            if reason.hasPrefix("the day window closed") {
                holds = open.length == 0
            } else if reason.hasPrefix("would overcommit the day") {
                holds = schedule.loadMinutes + task.minutes > loadCap
            } else if reason.hasPrefix("longer than an admin window") {
                holds = task.category == .admin && task.minutes > scheduler.adminWindow.upperBound
            } else if reason.hasPrefix("no free") && reason.contains("window left for admin") {
                holds = longestGap(for: task) < max(scheduler.adminWindow.lowerBound, task.minutes)
            } else if reason.hasPrefix("needs ") {
                holds = longestGap(for: task) < task.minutes
            } else if let start, reason.hasPrefix("its time") {
                holds = opensAt > window.start && start < open.start
            } else if let start, reason.contains("runs past midnight") {
                holds = start + task.minutes > MinuteSpan.wholeDay.end
            } else {
                holds = false
            }
            if !holds {
                problems.append("\(task.id) (\(task.category), \(task.minutes) min) deferred untruly: \(reason)")
            }
        }
        return problems
    }

    static func randomDay(_ random: inout SplitMix64) -> (
        tasks: [SchedulableTask], window: MinuteSpan, opensAt: Int, busy: [MinuteSpan]
    ) {
        let start = random.pick(Array(stride(from: 5 * 60, through: 11 * 60, by: 15)))
        let window = MinuteSpan(start: start, end: min(24 * 60, start + random.pick([4, 6, 8, 10, 12, 14]) * 60))
        let opensAt = random.chance(0.7) ? window.start : Int.random(in: window.start...window.end, using: &random)
        let busy = (0..<Int.random(in: 0...7, using: &random)).map { _ in
            let begin = Int.random(in: 0...(24 * 60 - 15), using: &random)
            return MinuteSpan(start: begin, end: min(24 * 60, begin + random.pick([15, 30, 45, 60, 90, 120, 240])))
        }
        let lengths = [5, 10, 15, 20, 25, 30, 40, 45, 60, 90, 120, 150, 180, 240]
        let tasks = (0..<Int.random(in: 0...40, using: &random)).map { index in
            let minutes = random.pick(lengths)
            return SchedulableTask(
                id: "t\(index)", title: "task \(index)", category: random.pick(Category.allCases), minutes: minutes,
                fixedStart: random.chance(0.2) ? Int.random(in: 0...(24 * 60 - minutes), using: &random) / 5 * 5 : nil,
                notBefore: random.chance(0.05) ? Int.random(in: 0...(24 * 60), using: &random) : nil,
                rank: Double(Int.random(in: 0...100, using: &random)) / 100,
                partOfDay: random.chance(0.15) ? random.pick(PartOfDay.allCases) : nil)
        }
        return (tasks, window, opensAt, busy)
    }

    @Test func everyScheduleKeepsItsPromises() {
        let scheduler = Scheduler()
        var checked = 0
        var scheduledTasks = 0
        var deferredTasks = 0
        for seed in 1...UInt64(Self.scheduleRuns) {
            var random = SplitMix64(seed: seed)
            let day = Self.randomDay(&random)
            let schedule = scheduler.schedule(day.tasks, window: day.window, opensAt: day.opensAt, busy: day.busy)
            let problems =
                Self.violations(
                    of: schedule, tasks: day.tasks, window: day.window, opensAt: day.opensAt,
                    busy: day.busy, scheduler: scheduler)
                + Self.topTaskProblems(
                    of: schedule, tasks: day.tasks, window: day.window, opensAt: day.opensAt,
                    busy: MinuteSpan.merged(day.busy.compactMap { $0.clamped(to: day.window) }), scheduler: scheduler)
            #expect(problems.isEmpty, "seed \(seed): \(problems)")
            checked += 1
            scheduledTasks += schedule.blocks.reduce(0) { $0 + $1.tasks.count }
            deferredTasks += schedule.later.count
        }
        print(
            "Scheduler properties: \(checked) random days, \(scheduledTasks) tasks scheduled, \(deferredTasks) sent to Later"
        )
        #expect(checked == Self.scheduleRuns)
        #expect(scheduledTasks > 0 && deferredTasks > 0)
    }

    // MARK: Whole plans from random inboxes and calendars

    struct FixedCalendar: BusyCalendar {
        let intervals: [BusyInterval]
        func busyIntervals(from start: Date, to end: Date) -> [BusyInterval] {
            intervals.filter { $0.start < end && $0.end > start }
        }
    }

    static let titles = [
        "write the grant report", "refactor the parser", "draft chapter two", "review the pull request",
        "email the landlord", "pay the gas bill", "call Sam", "book the MOT", "renew passport", "order printer ink",
        "run 5k", "yoga class", "physio appointment", "walk the dog", "meditate",
        "read Middlemarch", "see Hamlet", "visit the gallery", "practice guitar", "listen to the opera broadcast"
    ]
    static let phrases = [
        "", "", "", " today", " tomorrow", " this evening", " monday morning", " in the afternoon",
        " by end of next week", " fortnightly", " every third day", " quarterly", " at half 8", " on the 3rd",
        " friday", " next tue", " in 2 days", " at 9am", " at 3pm",
        " 15:30", " 45m", " 1h", " 1.5h", " 2 hours", " 10 min", " every day", " every weekday",
        " every monday", " 2-3pm", " #deep", " #admin", " #health", " #culture", " 10pm-1am", " at 25:00",
        " lunchtime", " every 8 hours", " 2 hrs before dinner"
    ]

    static func randomInbox(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...30, using: &random)).map { _ -> String in
            let item = random.pick(titles) + random.pick(phrases) + random.pick(phrases)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                return
                    "memo: \(item) and then \(random.pick(titles)). Also \(random.pick(titles))\(random.pick(phrases))"
            case 1: return "💡 \(item)"
            default: return "- \(item)"
            }
        }.joined(separator: "\n")
    }

    @Test func everyPlanFromARandomInboxKeepsItsPromises() throws {
        let zone = TimeZone(identifier: "Europe/London")!
        var plansChecked = 0
        var itemsCaptured = 0
        for seed in 1...UInt64(Self.planRuns) {
            var random = SplitMix64(seed: seed &* 7919)
            let day = LocalDate(
                year: 2026, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
            let window = MinuteSpan(
                start: random.pick([7 * 60, 8 * 60 + 30, 9 * 60]), end: random.pick([17 * 60, 18 * 60 + 30, 21 * 60]))
            let settings = PlannerSettings(timeZone: zone, window: window)
            let calendar = FixedCalendar(
                intervals: (0..<Int.random(in: 0...6, using: &random)).map { index in
                    let start = day.date(minutes: Int.random(in: 0...(23 * 60), using: &random), in: zone)
                    return BusyInterval(
                        start: start, end: start.addingTimeInterval(Double(random.pick([15, 30, 60, 120])) * 60),
                        title: "Meeting \(index)")
                })
            var store = TaskStore()
            let entries = try Inbox.capture(Self.randomInbox(&random), with: CaptureParser(today: day))
            store.capture(entries.flatMap(\.items), on: day)
            itemsCaptured += store.tasks.count
            let now =
                random.chance(0.3)
                ? day.date(minutes: Int.random(in: 0...(24 * 60 - 1), using: &random), in: zone) : nil
            let problems = Self.planProblems(store, on: day, settings: settings, calendar: calendar, now: now)
            #expect(problems.isEmpty, "seed \(seed): \(problems)")
            plansChecked += 1
        }
        print("Planner properties: \(plansChecked) random inboxes and calendars, \(itemsCaptured) items captured")
        #expect(plansChecked == Self.planRuns)
    }

    /// Plans `day` and checks the plan against every promise of the schedule and of the plan.
    static func planProblems(
        _ store: TaskStore, on day: LocalDate, settings: PlannerSettings,
        calendar: (any BusyCalendar)?, now: Date?
    ) -> [String] {
        let plan = DayPlanner(settings: settings).plan(store, on: day, now: now, calendar: calendar)
        let schedule = Schedule(
            blocks: plan.blocks.map { block in
                Schedule.Block(
                    span: block.span, category: block.category,
                    tasks: block.tasks.map { task in
                        let stored = store.tasks[store.index(of: task.id)!]
                        return SchedulableTask(
                            id: task.id, title: task.title, category: block.category, minutes: task.minutes,
                            // An approximate time (`lunchtime`) is a preference, never a fixed block.
                            fixedStart: stored.timeIsApproximate ? nil : stored.time?.minutes,
                            approximateStart: stored.timeIsApproximate ? stored.time?.minutes : nil, rank: task.rank,
                            // The evening after the window is all `tonight`: it holds such a task anywhere.
                            partOfDay: plan.isEvening && stored.asksForTheEvening ? nil : stored.partOfDay)
                    }, isFixed: block.isFixed,
                    clash: block.conflict.map { Schedule.Clash(span: block.span, blockTitle: nil, freeAt: $0.freeAt) })
            },
            later: [], capacityMinutes: plan.capacityMinutes, loadMinutes: plan.loadMinutes)
        // The calendar's busy time over the whole day: an appointment may clash outside the window.
        let midnight = day.date(minutes: 0, in: settings.timeZone)
        let dayBusy =
            (calendar?.busyIntervals(
                from: midnight, to: day.adding(days: 1).date(minutes: 0, in: settings.timeZone)) ?? []).compactMap {
                MinuteSpan(start: settings.minutes(of: $0.start, on: day), end: settings.minutes(of: $0.end, on: day))
                    .clamped(to: .wholeDay)
            }
        return violations(
            of: schedule, tasks: schedule.blocks.flatMap(\.tasks), window: plan.window,
            opensAt: plan.window.start, busy: dayBusy, scheduler: Scheduler())
            + planViolations(plan, store: store)
    }

    /// Promises of the whole plan: every open task of the day appears once, Later has reasons,
    /// notifications match blocks, and the nudge never shows a bare count.
    static func planViolations(_ plan: DayPlan, store: TaskStore) -> [String] {
        var problems: [String] = []
        let due = store.tasks.filter { $0.isDue(on: plan.date) || $0.isUndatedIdea }.map(\.id).sorted()
        let listed = (plan.blocks.flatMap(\.tasks).map(\.id) + plan.later.map(\.id)).sorted()
        if due != listed {
            problems.append("tasks of the day \(due) are not each scheduled or in Later once: \(listed)")
        }
        if plan.later.contains(where: { $0.reason.isEmpty }) { problems.append("Later item without a reason") }
        if plan.loadMinutes > plan.capacityMinutes { problems.append("overcommitted") }
        if plan.notifications.map(\.blockId) != plan.blocks.map(\.id) {
            problems.append("notifications do not follow the blocks")
        }
        if Set(plan.notifications.map(\.id)).count != plan.notifications.count {
            problems.append("duplicate notification ids")
        }
        for (note, block) in zip(plan.notifications, plan.blocks) {
            if note.title.count > 40 { problems.append("title over 40 characters: \(note.title)") }
            if note.fireDate != plan.instant(block.span.start) {
                problems.append("notification not at its block's start")
            }
            if (note.interruptionLevel == .timeSensitive) != (block.category == .deepWork) {
                problems.append("wrong priority")
            }
            if note.actions != [.done, .snooze15] { problems.append("missing actions") }
            if note.cue.isEmpty || note.body.isEmpty { problems.append("empty body or cue") }
        }
        if plan.nudge.body.range(of: #"^\s*\d+\s+(tasks?|things?|items?)"#, options: .regularExpression) != nil
            || plan.nudge.title.range(of: #"\d+\s+(tasks?|things?|items?)"#, options: .regularExpression) != nil
        {
            problems.append("nudge shows a bare count: \(plan.nudge.title) / \(plan.nudge.body)")
        }
        if let top = plan.topTasks.first, !plan.nudge.body.contains(top.title) {
            problems.append("nudge does not lead with the top task")
        }
        if (try? JSONSerialization.jsonObject(with: plan.jsonData())) == nil {
            problems.append("plan JSON does not parse")
        }
        return problems
    }
}
