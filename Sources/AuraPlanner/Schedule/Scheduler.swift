/// A task as the scheduler sees it: its length is settled and its rank known.
public struct SchedulableTask: Sendable, Equatable {
    public let id: String
    public let title: String
    public let category: Category
    public let minutes: Int
    /// Minutes after midnight the task must start at (`at 3pm`).
    public let fixedStart: Int?
    /// Minutes after midnight before which it may not start (a snooze).
    public let notBefore: Int?
    public let rank: Double
    /// The part of the day the task asked for (`this evening`); a flexible task keeps to it.
    public let partOfDay: PartOfDay?

    public init(id: String, title: String, category: Category, minutes: Int, fixedStart: Int? = nil,
                notBefore: Int? = nil, rank: Double, partOfDay: PartOfDay? = nil) {
        self.id = id
        self.title = title
        self.category = category
        self.minutes = minutes
        self.fixedStart = fixedStart
        self.notBefore = notBefore
        self.rank = rank
        self.partOfDay = partOfDay
    }
}

/// A time-blocked day before it is dated and worded: blocks, what went to Later and why, and
/// the load against the day's free time.
public struct Schedule: Sendable, Equatable {
    public struct Block: Sendable, Equatable {
        public let span: MinuteSpan
        public let category: Category
        /// In order; a deep block's tasks run back to back.
        public let tasks: [SchedulableTask]
        /// Placed at a time the task named, rather than chosen by the planner.
        public let isFixed: Bool

        /// The block's Focus Mode: the one its tasks agree on, else the category's default.
        public var focusMode: FocusMode {
            let modes = Set(tasks.map { FocusMode.mode(for: category, words: lowercasedWords($0.title)) })
            return modes.count == 1 ? modes.first! : .default(for: category)
        }
    }

    public struct Deferral: Sendable, Equatable {
        public let task: SchedulableTask
        public let reason: String
    }

    public var blocks: [Block]
    public var later: [Deferral]
    /// Free minutes in the part of the window still ahead, after busy time.
    public var capacityMinutes: Int
    /// Minutes of the scheduled tasks.
    public var loadMinutes: Int
}

/// Places a day's tasks inside the day window, around busy time: fixed-time tasks at their
/// times, Deep Work batched into uninterrupted blocks early in the day, Health near midday,
/// Admin grouped into 15–30 minute windows in the smallest gaps, Culture at the end of the
/// day; a buffer between blocks; and never more than `loadLimit` of the free time.
public struct Scheduler: Sendable {
    /// Minutes kept free between blocks, and between a block and busy time.
    public var buffer = 5
    /// A deep block grows to this length by batching tasks (a single longer task keeps its length).
    public var longestDeepBlock = 120
    public var adminWindow = 15...30
    /// The share of the free time the planner fills; the rest is slack for the day's surprises.
    public var loadLimit = 0.85
    /// Where Health lands when nothing says otherwise: lunchtime movement.
    public var middayTarget = 12 * 60 + 30
    public var afternoonTarget = 15 * 60
    /// Where a task that names a part of the day may go.
    public var partsOfDay: [PartOfDay: MinuteSpan] = [
        .morning: MinuteSpan(start: 8 * 60 + 30, end: 12 * 60), .afternoon: MinuteSpan(start: 12 * 60, end: 17 * 60),
        .evening: MinuteSpan(start: 17 * 60, end: 21 * 60), .night: MinuteSpan(start: 21 * 60, end: 24 * 60),
    ]

    public init() {}

    /// Where `task` may go: the stretch its part of the day names, if any.
    func bounds(for task: SchedulableTask) -> DayState.Bounds {
        DayState.Bounds(notBefore: task.notBefore, part: task.partOfDay.flatMap { part in partsOfDay[part].map { (part, $0) } })
    }

    /// Schedules `tasks` in `window`, starting no earlier than `opensAt` (the current time on
    /// the day itself), around `busy`.
    public func schedule(_ tasks: [SchedulableTask], window: MinuteSpan, opensAt: Int, busy: [MinuteSpan]) -> Schedule {
        let open = MinuteSpan(start: min(max(opensAt, window.start), window.end), end: window.end)
        let busy = MinuteSpan.merged(busy.compactMap { $0.clamped(to: window) })
        let capacity = open.length - busy.compactMap { $0.clamped(to: open)?.length }.reduce(0, +)
        var day = DayState(window: window, open: open, busy: busy, buffer: buffer,
                           loadCap: Int(Double(capacity) * loadLimit), capacity: capacity)
        // Best rank first; equal ranks keep the order the tasks came in.
        let ordered = tasks.enumerated().sorted { ($0.element.rank, $1.offset) > ($1.element.rank, $0.offset) }.map(\.element)
        let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.id, $0.offset) })

        guard open.length > 0 else {
            let closing = ClockTime.format(window.end)
            return Schedule(blocks: [], later: ordered.map { .init(task: $0, reason: "the day window closed at \(closing)") },
                            capacityMinutes: 0, loadMinutes: 0)
        }
        for task in ordered where task.fixedStart != nil { placeFixed(task, in: &day) }
        let flexible = ordered.filter { $0.fixedStart == nil }
        placeDeepWork(flexible.filter { $0.category == .deepWork }, in: &day)
        for task in flexible where task.category == .health { placeAlone(task, preferring: preference(for: task), in: &day) }
        placeAdmin(flexible.filter { $0.category == .admin }, in: &day)
        for task in flexible where task.category == .culture { placeAlone(task, preferring: preference(for: task), in: &day) }

        return Schedule(blocks: day.blocks.sorted { $0.span.start < $1.span.start },
                        later: day.later.sorted { position[$0.task.id]! < position[$1.task.id]! },
                        capacityMinutes: capacity, loadMinutes: day.load)
    }

    private func placeFixed(_ task: SchedulableTask, in day: inout DayState) {
        let start = max(task.fixedStart!, task.notBefore ?? 0)
        let span = MinuteSpan(start: start, end: start + task.minutes)
        let at = ClockTime.format(start)
        if start < day.open.start {
            let reason = start >= day.window.start ? "its time (\(at)) has already passed"
                : "\(at) is before the day window opens (\(ClockTime.format(day.window.start)))"
            return day.defer(task, reason)
        }
        if span.end > day.window.end {
            return day.defer(task, "\(at)–\(ClockTime.format(span.end)) runs past the end of the day window (\(ClockTime.format(day.window.end)))")
        }
        if let clash = day.busy.first(where: { $0.overlaps(span) }) {
            return day.defer(task, "clashes with busy time \(ClockTime.format(clash.start))–\(ClockTime.format(clash.end)) in the calendar")
        }
        if let clash = day.blocks.first(where: { $0.span.overlaps(span) }) {
            return day.defer(task, "clashes with “\(clash.tasks[0].title)” at \(ClockTime.format(clash.span.start))")
        }
        day.add(Schedule.Block(span: span, category: task.category, tasks: [task], isFixed: true))
    }

    /// Batches Deep Work, best-ranked first, into as few uninterrupted blocks as the gaps allow:
    /// each block goes in the gap that holds the most of the remaining deep work, the earliest
    /// on a tie, so a morning stretch wins unless a later one holds more.
    private func placeDeepWork(_ tasks: [SchedulableTask], in day: inout DayState) {
        var remaining = tasks
        while !remaining.isEmpty {
            let lead = remaining.removeFirst()
            guard day.fitsLoad(lead.minutes) else {
                day.defer(lead, day.overcommitReason)
                continue
            }
            let limit = max(longestDeepBlock, lead.minutes)
            let partners = remaining.filter { $0.partOfDay == lead.partOfDay }
            let batches = day.gaps(bounds(for: lead)).filter { $0.length >= lead.minutes }.map { gap in
                (gap: gap, tasks: batch(lead, from: partners, in: MinuteSpan(start: gap.start, end: gap.start + min(gap.length, limit)), day: day))
            }
            guard let best = batches.max(by: { ($0.tasks.minutes, $1.gap.start) < ($1.tasks.minutes, $0.gap.start) }) else {
                day.defer(lead, "needs \(durationText(lead.minutes)) uninterrupted; " + day.longestGapText(bounds(for: lead)))
                continue
            }
            remaining.removeAll { task in best.tasks.contains { $0.id == task.id } }
            day.add(Schedule.Block(span: MinuteSpan(start: best.gap.start, end: best.gap.start + best.tasks.minutes),
                                   category: .deepWork, tasks: best.tasks, isFixed: false))
        }
    }

    /// `lead`, then each later task in rank order that still fits `span` and the load limit.
    private func batch(_ lead: SchedulableTask, from candidates: [SchedulableTask], in span: MinuteSpan, day: DayState) -> [SchedulableTask] {
        var batch = [lead]
        for task in candidates where batch.minutes + task.minutes <= span.length
            && (task.notBefore ?? 0) <= span.start && day.fitsLoad(batch.minutes + task.minutes) {
            batch.append(task)
        }
        return batch
    }

    /// Groups Admin tasks, best-ranked first, into windows of 15–30 minutes placed in the
    /// smallest gaps that hold them, keeping long gaps for deep work. A task that would pass
    /// the load limit waits until the groups are placed (one that does not fit may free room),
    /// so "would overcommit the day" is said only of a task that really would.
    private func placeAdmin(_ tasks: [SchedulableTask], in day: inout DayState) {
        var windows: [[SchedulableTask]] = []
        var waiting: [SchedulableTask] = []
        var grouped = 0
        for task in tasks {
            guard task.minutes <= adminWindow.upperBound else {
                day.defer(task, "longer than an admin window (\(durationText(adminWindow.upperBound))): split it, or tag it #deep for a focus block")
                continue
            }
            guard day.fitsLoad(grouped + task.minutes) else {
                waiting.append(task)
                continue
            }
            grouped += task.minutes
            if let index = windows.firstIndex(where: { $0.minutes + task.minutes <= adminWindow.upperBound && $0[0].partOfDay == task.partOfDay }) {
                windows[index].append(task)
            } else {
                windows.append([task])
            }
        }
        for window in windows { placeAdminWindow(window, in: &day) }
        for task in waiting {
            guard day.fitsLoad(task.minutes) else {
                day.defer(task, day.overcommitReason)
                continue
            }
            placeAdminWindow([task], in: &day)
        }
    }

    /// Places an admin group in the smallest gap that holds it. A group no gap holds falls back
    /// to smaller windows: best-ranked first, each task leads a window in the smallest gap that
    /// holds it, joined by the tasks after it that still fit there.
    private func placeAdminWindow(_ group: [SchedulableTask], in day: inout DayState) {
        func length(_ tasks: [SchedulableTask]) -> Int { max(adminWindow.lowerBound, tasks.minutes) }
        var groupBounds = bounds(for: group[0])
        groupBounds.notBefore = group.compactMap(\.notBefore).max()
        if let start = day.start(for: length(group), within: groupBounds, preferring: .smallestGap) {
            return day.add(Schedule.Block(span: MinuteSpan(start: start, end: start + length(group)), category: .admin,
                                          tasks: group, isFixed: false))
        }
        var remaining = group[...]
        while let lead = remaining.popFirst() {
            let need = length([lead])
            guard let gap = day.gaps(bounds(for: lead)).filter({ $0.length >= need })
                .min(by: { ($0.length, $0.start) < ($1.length, $1.start) }) else {
                day.defer(lead, "no free \(need)-minute window left for admin" + bounds(for: lead).partText)
                continue
            }
            var window = [lead]
            for task in remaining where window.minutes + task.minutes <= min(gap.length, adminWindow.upperBound)
                && (task.notBefore ?? 0) <= gap.start {
                window.append(task)
            }
            remaining.removeAll { task in window.contains { $0.id == task.id } }
            day.add(Schedule.Block(span: MinuteSpan(start: gap.start, end: gap.start + length(window)), category: .admin,
                                   tasks: window, isFixed: false))
        }
    }

    private func placeAlone(_ task: SchedulableTask, preferring preference: DayState.Preference, in day: inout DayState) {
        guard day.fitsLoad(task.minutes) else { return day.defer(task, day.overcommitReason) }
        guard let start = day.start(for: task.minutes, within: bounds(for: task), preferring: preference) else {
            return day.defer(task, "needs \(durationText(task.minutes)) free; " + day.longestGapText(bounds(for: task)))
        }
        day.add(Schedule.Block(span: MinuteSpan(start: start, end: start + task.minutes), category: task.category,
                               tasks: [task], isFixed: false))
    }

    /// Health goes near midday and Culture at the end of the day, unless the title names a
    /// part of the day (`morning run`, `lunchtime walk`, `evening swim`).
    private func preference(for task: SchedulableTask) -> DayState.Preference {
        let words = Set(lowercasedWords(task.title))
        if !words.isDisjoint(with: ["morning", "breakfast", "sunrise"]) { return .earliest }
        if !words.isDisjoint(with: ["lunch", "lunchtime", "midday", "noon"]) { return .near(middayTarget) }
        if words.contains("afternoon") { return .near(afternoonTarget) }
        if !words.isDisjoint(with: ["evening", "tonight", "night", "bedtime", "dinner"]) { return .latest }
        return task.category == .culture ? .latest : .near(middayTarget)
    }
}

/// The day as it fills up: busy time, blocks placed so far, what went to Later, and the load.
struct DayState {
    enum Preference {
        case earliest, latest, near(Int), smallestGap
    }

    /// Where a task may go: not before its snooze, and inside the part of the day it named.
    struct Bounds {
        var notBefore: Int?
        var part: (PartOfDay, MinuteSpan)?

        /// ` in the evening (17:00–21:00)`, or nothing.
        var partText: String {
            part.map { " in the \($0.0.rawValue) (\(ClockTime.format($0.1.start))–\(ClockTime.format($0.1.end)))" } ?? ""
        }
    }

    let window: MinuteSpan
    let open: MinuteSpan
    let busy: [MinuteSpan]
    let buffer: Int
    let loadCap: Int
    let capacity: Int
    var blocks: [Schedule.Block] = []
    var later: [Schedule.Deferral] = []
    var load = 0

    init(window: MinuteSpan, open: MinuteSpan, busy: [MinuteSpan], buffer: Int, loadCap: Int, capacity: Int) {
        self.window = window
        self.open = open
        self.busy = busy
        self.buffer = buffer
        self.loadCap = loadCap
        self.capacity = capacity
    }

    mutating func add(_ block: Schedule.Block) {
        blocks.append(block)
        load += block.tasks.minutes
    }

    mutating func `defer`(_ task: SchedulableTask, _ reason: String) {
        later.append(Schedule.Deferral(task: task, reason: reason))
    }

    func fitsLoad(_ minutes: Int) -> Bool { load + minutes <= loadCap }

    var overcommitReason: String {
        "would overcommit the day: \(durationText(load)) already planned of \(durationText(capacity)) free"
    }

    /// Free stretches still ahead within `bounds`, kept `buffer` minutes away from busy time
    /// and other blocks.
    func gaps(_ bounds: Bounds = Bounds()) -> [MinuteSpan] {
        let taken = MinuteSpan.merged((busy + blocks.map(\.span)).map {
            MinuteSpan(start: $0.start - buffer, end: $0.end + buffer)
        })
        let start = max(open.start, bounds.notBefore ?? open.start, bounds.part?.1.start ?? open.start)
        let stretch = MinuteSpan(start: start, end: min(open.end, bounds.part?.1.end ?? open.end))
        guard stretch.length > 0 else { return [] }
        return MinuteSpan.gaps(in: stretch, around: taken)
    }

    /// The longest stretch left within `bounds` (a snoozed task sees only the time after its
    /// snooze, an evening task only the evening).
    func longestGapText(_ bounds: Bounds) -> String {
        let longest = gaps(bounds).map(\.length).max() ?? 0
        let after = bounds.notBefore.map { $0 > open.start ? " after \(ClockTime.format($0))" : "" } ?? ""
        let place = after + bounds.partText
        return longest == 0 ? "no free time is left\(place)" : "the longest free stretch left\(place) is \(durationText(longest))"
    }

    /// Where a block of `length` minutes goes within `bounds`, by `preference`, or nil when it fits nowhere.
    func start(for length: Int, within bounds: Bounds, preferring preference: Preference) -> Int? {
        let candidates = gaps(bounds).filter { $0.length >= length }
        switch preference {
        case .earliest:
            return candidates.first?.start
        case .latest:
            return candidates.last.map { $0.end - length }
        case .smallestGap:
            return candidates.min { ($0.length, $0.start) < ($1.length, $1.start) }?.start
        case .near(let target):
            return candidates.map { min(max(target, $0.start), $0.end - length) }
                .min { (abs($0 - target), $0) < (abs($1 - target), $1) }
        }
    }
}

extension [SchedulableTask] {
    /// The tasks' minutes added up.
    var minutes: Int { reduce(0) { $0 + $1.minutes } }
}
