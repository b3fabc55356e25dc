/// The day as it fills up: busy time, blocks placed so far, what went to Later, and the load.
struct DayState {
    enum Preference {
        case earliest, latest
        case near(Int)
        case smallestGap
    }

    /// Where a task may go: not before its snooze, and inside the part of the day it named.
    struct Bounds {
        var notBefore: Int?
        /// The stretch the task asked for, and how to say it (`in the evening`, `around 12:30`).
        var part: (words: String, span: MinuteSpan)?
        /// The stretch may lie outside the day window (a time the person named, roughly).
        var beyondWindow = false

        /// ` in the evening (17:00–21:00)`, or nothing.
        var partText: String {
            part.map { " \($0.words) (\(ClockTime.format($0.span.start))–\(ClockTime.format($0.span.end)))" } ?? ""
        }
    }

    let window: MinuteSpan
    let open: MinuteSpan
    /// A fixed time before this minute has passed (the current minute on the day itself).
    var passedBefore = 0
    /// Busy time in the window (what flexible work goes around).
    let busy: [MinuteSpan]
    /// Busy time anywhere in the day (what an appointment may clash with).
    var dayBusy: [MinuteSpan] = []
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

    /// Adds `block`, counting `load` minutes against the window (all of its tasks' by default).
    mutating func add(_ block: Schedule.Block, load: Int? = nil) {
        blocks.append(block)
        self.load += load ?? block.tasks.minutes
    }

    /// The minutes of `span` that are free time still ahead in the window: what an appointment
    /// takes from the day's capacity (none of it outside the window, or where something else
    /// already is).
    func freeMinutes(in span: MinuteSpan) -> Int {
        guard let inside = span.clamped(to: open) else { return 0 }
        let taken = MinuteSpan.merged(busy + blocks.map(\.span)).compactMap { $0.clamped(to: inside)?.length }
        return inside.length - taken.reduce(0, +)
    }

    /// Notes, for each appointment kept beside a clash, where the first free stretch of the
    /// window that holds it starts: after its time if one does, else the earliest. Flexible work
    /// is not placed yet, so a stretch named here is one it would move out of the way of.
    mutating func suggestFreeStretches() {
        for index in blocks.indices where blocks[index].clash != nil {
            let block = blocks[index]
            let fitting = gaps().filter { $0.length >= block.span.length }
            blocks[index].clash?.freeAt = (fitting.first { $0.start >= block.span.start } ?? fitting.first)?.start
        }
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
        let outer = bounds.beyondWindow ? MinuteSpan(start: max(passedBefore, 0), end: MinuteSpan.wholeDay.end) : open
        let taken = MinuteSpan.merged(
            ((bounds.beyondWindow ? dayBusy : busy) + blocks.map(\.span)).map {
                MinuteSpan(start: $0.start - buffer, end: $0.end + buffer)
            })
        let start = max(outer.start, bounds.notBefore ?? outer.start, bounds.part?.span.start ?? outer.start)
        let stretch = MinuteSpan(start: start, end: min(outer.end, bounds.part?.span.end ?? outer.end))
        guard stretch.length > 0 else { return [] }
        return MinuteSpan.gaps(in: stretch, around: taken)
    }

    /// The longest stretch left within `bounds` (a snoozed task sees only the time after its
    /// snooze, an evening task only the evening).
    func longestGapText(_ bounds: Bounds) -> String {
        let longest = gaps(bounds).map(\.length).max() ?? 0
        let after = bounds.notBefore.map { $0 > open.start ? " after \(ClockTime.format($0))" : "" } ?? ""
        let place = after + bounds.partText
        return longest == 0
            ? "no free time is left\(place)" : "the longest free stretch left\(place) is \(durationText(longest))"
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
