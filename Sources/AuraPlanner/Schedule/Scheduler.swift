/// A task as the scheduler sees it: its length is settled and its rank known.
struct SchedulableTask: Sendable, Equatable {
    let id: String
    let title: String
    let category: Category
    let minutes: Int
    /// Minutes after midnight the task must start at (`at 3pm`).
    let fixedStart: Int?
    /// Minutes after midnight the task would rather start near (`lunchtime`, `5ish`): a
    /// preference, placed within `approximateReach` of it, never as an appointment.
    let approximateStart: Int?
    /// Minutes after midnight before which it may not start (a snooze).
    let notBefore: Int?
    let rank: Double
    /// The part of the day the task asked for (`this evening`); a flexible task keeps to it.
    let partOfDay: PartOfDay?
    /// Placed before the rest of the flexible work (in the evening: due tonight, or asked for it).
    let isPressing: Bool

    init(
        id: String, title: String, category: Category, minutes: Int, fixedStart: Int? = nil,
        approximateStart: Int? = nil, notBefore: Int? = nil, rank: Double, partOfDay: PartOfDay? = nil,
        isPressing: Bool = false
    ) {
        self.id = id
        self.title = title
        self.category = category
        self.minutes = minutes
        self.fixedStart = fixedStart
        self.approximateStart = approximateStart
        self.notBefore = notBefore
        self.rank = rank
        self.partOfDay = partOfDay
        self.isPressing = isPressing
    }
}

/// A time-blocked day before it is dated and worded: blocks, what went to Later and why, and
/// the load against the day's free time.
struct Schedule: Sendable, Equatable {
    struct Block: Sendable, Equatable {
        let span: MinuteSpan
        let category: Category
        /// In order; a deep block's tasks run back to back.
        let tasks: [SchedulableTask]
        /// Placed at a time the task named, rather than chosen by the planner.
        let isFixed: Bool
        /// What a fixed block overlaps (busy time or another fixed block) and is kept beside.
        var clash: Clash? = nil

        /// The block's Focus Mode: the one its tasks agree on, else the category's default.
        var focusMode: FocusMode {
            let modes = Set(tasks.map { FocusMode.mode(for: category, words: lowercasedWords($0.title)) })
            return modes.count == 1 ? modes.first! : .default(for: category)
        }
    }

    /// An appointment kept at its time though something else is there too, with the start of
    /// the first free stretch of the window that holds it, if any.
    struct Clash: Sendable, Equatable {
        /// The busy time it overlaps, or the block already placed there.
        let span: MinuteSpan
        /// The first task of that block; nil for busy time from the calendar.
        let blockTitle: String?
        var freeAt: Int? = nil
    }

    struct Deferral: Sendable, Equatable {
        let task: SchedulableTask
        let reason: String
    }

    var blocks: [Block]
    var later: [Deferral]
    /// Free minutes in the part of the window still ahead, after busy time.
    var capacityMinutes: Int
    /// Minutes of the scheduled tasks.
    var loadMinutes: Int
}

/// Places a day's tasks around busy time: fixed-time tasks at their times, inside the day window
/// or not (an appointment is kept; the window bounds the flexible work), Deep Work batched into
/// uninterrupted blocks early in the day, Health near midday, Admin grouped into 15–30 minute
/// windows in the smallest gaps, Culture at the end of the day; a buffer between blocks; and
/// never more than `loadLimit` of the free time.
public struct Scheduler: Sendable {
    /// Minutes kept free between blocks, and between a block and busy time.
    var buffer = 5
    /// A deep block grows to this length by batching tasks (a single longer task keeps its length).
    var longestDeepBlock = 120
    var adminWindow = 15...30
    /// The share of the free time the planner fills; the rest is slack for the day's surprises.
    var loadLimit = 0.85
    /// Where Health lands when nothing says otherwise: lunchtime movement.
    var middayTarget = 12 * 60 + 30
    var afternoonTarget = 15 * 60
    /// Where a task that names a part of the day may go.
    var partsOfDay = PartOfDay.defaultSpans
    /// How far from a rough time (`lunchtime`, `5ish`) its task may start, either way.
    var approximateReach = 60

    public init() {}

    /// The rough time (`lunchtime`, `5ish`) `task` is placed near: none when it falls outside the
    /// part of the day the task also asked for (`meditate this evening lunchtime`), which wins.
    func roughStart(of task: SchedulableTask) -> Int? {
        guard let near = task.approximateStart else { return nil }
        guard let part = task.partOfDay, let stretch = partsOfDay[part] else { return near }
        return stretch.start <= near && near + task.minutes <= stretch.end ? near : nil
    }

    /// Where `task` may go: near the rough time it named (inside the part of the day it also
    /// names), or in the stretch its part of the day names, if any.
    func bounds(for task: SchedulableTask) -> DayState.Bounds {
        let asked = partBounds(for: task)
        if let near = roughStart(of: task) {
            let reach = MinuteSpan(
                start: max(0, near - approximateReach),
                end: min(MinuteSpan.wholeDay.end, near + approximateReach + task.minutes))
            let span = asked.part.flatMap { reach.clamped(to: $0.span) } ?? reach
            return DayState.Bounds(
                notBefore: task.notBefore, part: ("around \(ClockTime.format(near))", span), beyondWindow: true)
        }
        return asked
    }

    /// The stretch the part of the day `task` names, if any: where it goes failing all else.
    private func partBounds(for task: SchedulableTask) -> DayState.Bounds {
        DayState.Bounds(
            notBefore: task.notBefore,
            part: task.partOfDay.flatMap { part in partsOfDay[part].map { ("in the \(part.rawValue)", $0) } })
    }

    /// Schedules `tasks` in `window`, starting no earlier than `opensAt` (the current time on
    /// the day itself, rounded up to five minutes), around `busy` (the day's, inside the window or
    /// not). A task fixed at a time keeps it from `passedBefore` on (the current minute, not
    /// rounded); without it, nothing has passed unless `opensAt` is past the window's start.
    func schedule(
        _ tasks: [SchedulableTask], window: MinuteSpan, opensAt: Int, passedBefore: Int? = nil, busy: [MinuteSpan]
    ) -> Schedule {
        let open = MinuteSpan(start: min(max(opensAt, window.start), window.end), end: window.end)
        let dayBusy = MinuteSpan.merged(busy.compactMap { $0.clamped(to: MinuteSpan.wholeDay) })
        let busy = MinuteSpan.merged(busy.compactMap { $0.clamped(to: window) })
        let capacity = open.length - busy.compactMap { $0.clamped(to: open)?.length }.reduce(0, +)
        var day = DayState(
            window: window, open: open, busy: busy, buffer: buffer,
            loadCap: Int(Double(capacity) * loadLimit), capacity: capacity)
        day.dayBusy = dayBusy
        day.passedBefore = passedBefore.map { min($0, open.start) } ?? (opensAt > window.start ? open.start : 0)
        // Best rank first; equal ranks keep the order the tasks came in.
        let ordered = tasks.enumerated().sorted { ($0.element.rank, $1.offset) > ($1.element.rank, $0.offset) }.map(
            \.element)
        let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.id, $0.offset) })

        guard open.length > 0 else {
            let closing = ClockTime.format(window.end)
            return Schedule(
                blocks: [], later: ordered.map { .init(task: $0, reason: "the day window closed at \(closing)") },
                capacityMinutes: 0, loadMinutes: 0)
        }
        for task in ordered where task.fixedStart != nil { placeFixed(task, in: &day) }
        day.suggestFreeStretches()
        // A rough time is a preference: after every exact one and before the rest, as near it
        // as the day allows: within `approximateReach` (even outside the window: the person
        // named the time), else anywhere in the window. Only a full day sends it to Later.
        for task in ordered where task.fixedStart == nil {
            guard let near = roughStart(of: task) else { continue }
            placeAlone(task, preferring: .near(near), orWithin: partBounds(for: task), in: &day)
        }
        var flexible = ordered.filter { $0.fixedStart == nil && roughStart(of: $0) == nil }
        // What must be done now (tonight's deadlines, what asked for tonight) takes its room
        // before the rest, each kind of work in its own way.
        let pressing = flexible.filter(\.isPressing)
        placeDeepWork(pressing.filter { $0.category == .deepWork }, in: &day)
        placeAdmin(pressing.filter { $0.category == .admin }, in: &day)
        for task in pressing where task.category == .health || task.category == .culture {
            placeAlone(task, preferring: preference(for: task), in: &day)
        }
        flexible.removeAll(where: \.isPressing)
        // The best-ranked task, when it is Deep Work or Admin, gets the first stretch that holds
        // it: the nudge leads with it, so it must not wait for the end of the day.
        let top = flexible.first
        if let top, top.category == .admin {
            let placed = placeTopAdmin(top, with: flexible.filter { $0.category == .admin }.dropFirst(), in: &day)
            flexible.removeAll { task in placed.contains { $0.id == task.id } }
        }
        placeDeepWork(
            flexible.filter { $0.category == .deepWork }, leadTakesFirstStretch: top?.category == .deepWork, in: &day)
        for task in flexible where task.category == .health {
            placeAlone(task, preferring: preference(for: task), in: &day)
        }
        placeAdmin(flexible.filter { $0.category == .admin }, in: &day)
        placeAlone(flexible.filter { $0.category == .culture }, in: &day)

        return Schedule(
            blocks: day.blocks.sorted { $0.span.start < $1.span.start },
            later: day.later.sorted { position[$0.task.id]! < position[$1.task.id]! },
            capacityMinutes: capacity, loadMinutes: day.load)
    }

    private func placeAlone(_ tasks: [SchedulableTask], in day: inout DayState) {
        for task in tasks { placeAlone(task, preferring: preference(for: task), in: &day) }
    }

    /// Places an appointment at its time, wherever it falls in the day: only a time already
    /// passed, or one running past midnight, sends it to Later. Busy time or another appointment
    /// there does not: it is kept, with the clash named, for the person to settle.
    private func placeFixed(_ task: SchedulableTask, in day: inout DayState) {
        let start = max(task.fixedStart!, task.notBefore ?? 0)
        let span = MinuteSpan(start: start, end: start + task.minutes)
        let at = ClockTime.format(start)
        if start < day.passedBefore { return day.defer(task, "its time (\(at)) has already passed") }
        if span.end > MinuteSpan.wholeDay.end {
            return day.defer(
                task,
                "\(at)–\(ClockTime.format(span.end % MinuteSpan.wholeDay.end)) runs past midnight; give it a shorter length"
            )
        }
        let clash =
            day.dayBusy.first { $0.overlaps(span) }.map { Schedule.Clash(span: $0, blockTitle: nil) }
            ?? day.blocks.first { $0.span.overlaps(span) }.map {
                Schedule.Clash(span: $0.span, blockTitle: $0.tasks[0].title)
            }
        day.add(
            Schedule.Block(span: span, category: task.category, tasks: [task], isFixed: true, clash: clash),
            load: day.freeMinutes(in: span))
    }

    /// Batches Deep Work, best-ranked first, into as few uninterrupted blocks as the gaps allow:
    /// each block goes in the gap that holds the most of the remaining deep work, the earliest
    /// on a tie, so a morning stretch wins unless a later one holds more. With
    /// `leadTakesFirstStretch` the first block goes in the earliest gap that holds its lead.
    private func placeDeepWork(
        _ tasks: [SchedulableTask], leadTakesFirstStretch: Bool = false, in day: inout DayState
    ) {
        var remaining = tasks
        var earliest = leadTakesFirstStretch
        while !remaining.isEmpty {
            let lead = remaining.removeFirst()
            guard day.fitsLoad(lead.minutes) else {
                day.defer(lead, day.overcommitReason)
                continue
            }
            let limit = max(longestDeepBlock, lead.minutes)
            let partners = remaining.filter { $0.partOfDay == lead.partOfDay }
            let batches = day.gaps(bounds(for: lead)).filter { $0.length >= lead.minutes }.map { gap in
                (
                    gap: gap,
                    tasks: batch(
                        lead, from: partners, in: MinuteSpan(start: gap.start, end: gap.start + min(gap.length, limit)),
                        day: day)
                )
            }
            let chosen =
                earliest
                ? batches.min { $0.gap.start < $1.gap.start }
                : batches.max { ($0.tasks.minutes, $1.gap.start) < ($1.tasks.minutes, $0.gap.start) }
            earliest = false
            guard let best = chosen else {
                day.defer(
                    lead, "needs \(durationText(lead.minutes)) uninterrupted; " + day.longestGapText(bounds(for: lead)))
                continue
            }
            remaining.removeAll { task in best.tasks.contains { $0.id == task.id } }
            day.add(
                Schedule.Block(
                    span: MinuteSpan(start: best.gap.start, end: best.gap.start + best.tasks.minutes),
                    category: .deepWork, tasks: best.tasks, isFixed: false))
        }
    }

    /// `lead`, then each later task in rank order that still fits `span` and the load limit.
    private func batch(_ lead: SchedulableTask, from candidates: [SchedulableTask], in span: MinuteSpan, day: DayState)
        -> [SchedulableTask]
    {
        var batch = [lead]
        for task in candidates
        where batch.minutes + task.minutes <= span.length
            && (task.notBefore ?? 0) <= span.start && day.fitsLoad(batch.minutes + task.minutes)
        {
            batch.append(task)
        }
        return batch
    }

    /// Places `task` in a block of its own where `preference` puts it within its bounds, else
    /// within `fallback`; else it goes to Later, saying why.
    private func placeAlone(
        _ task: SchedulableTask, preferring preference: DayState.Preference, orWithin fallback: DayState.Bounds? = nil,
        in day: inout DayState
    ) {
        guard day.fitsLoad(task.minutes) else { return day.defer(task, day.overcommitReason) }
        guard
            let start = day.start(for: task.minutes, within: bounds(for: task), preferring: preference)
                ?? fallback.flatMap({ day.start(for: task.minutes, within: $0, preferring: preference) })
        else {
            return day.defer(task, "needs \(durationText(task.minutes)) free; " + day.longestGapText(bounds(for: task)))
        }
        day.add(
            Schedule.Block(
                span: MinuteSpan(start: start, end: start + task.minutes), category: task.category,
                tasks: [task], isFixed: false))
    }

    /// Health goes near midday and Culture at the end of the day, unless the title names a
    /// part of the day (`morning run`, `lunchtime walk`, `evening swim`).
    private func preference(for task: SchedulableTask) -> DayState.Preference {
        // `run morn`, `read nite`: text-speak names the part as well.
        let words = Set(lowercasedWords(task.title).map { CaptureVocabulary.spellings[$0] ?? $0 })
        if !words.isDisjoint(with: ["morning", "breakfast", "sunrise"]) { return .earliest }
        if !words.isDisjoint(with: ["lunch", "lunchtime", "midday", "noon"]) { return .near(middayTarget) }
        if words.contains("afternoon") { return .near(afternoonTarget) }
        if !words.isDisjoint(with: ["evening", "tonight", "night", "bedtime", "dinner"]) { return .latest }
        return task.category == .culture ? .latest : .near(middayTarget)
    }
}

extension [SchedulableTask] {
    /// The tasks' minutes added up.
    var minutes: Int { reduce(0) { $0 + $1.minutes } }
}
