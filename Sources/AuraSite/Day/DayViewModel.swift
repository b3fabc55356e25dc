import AuraPlanner
import Foundation
import SiteEngine

/// One planned day as the schedule and the dashboard show it.
struct DayViewModel: Encodable, Sendable {
    struct Link: Encodable, Sendable {
        let url: String
        let title: String
    }

    struct TaskRow: Encodable, Sendable {
        let id: String
        let title: String
        let minutesText: String
        let isTop: Bool
        let notes: TaskNotes?
        /// When it was finished (`10:42`), nil while it is still to do.
        let doneAt: String?
    }

    struct TopTask: Encodable, Sendable {
        let id: String
        let title: String
        /// Its block's, which keeps its Done and Snooze (`window.Aura.tasks`).
        let notificationId: String
    }

    struct LaterRow: Encodable, Sendable {
        let id: String
        let title: String
        let emoji: String
        let category: String
        let reason: String
    }

    /// An appointment kept beside something else at its time, and what the person may do.
    struct Conflict: Encodable, Sendable {
        /// What else is there, in words.
        let with: String
        /// The appointment's task, which the choices act on.
        let taskId: String
        /// The start of the first free stretch that holds it (`14:05`), if any.
        let freeAt: String?
        /// The day after the block's (`YYYY-MM-DD`), where "Tomorrow" moves it.
        let tomorrow: String
        /// Whether it may move; a repeating one changes through its words.
        let movable: Bool
    }

    /// A block, an imported calendar event or the gap between them.
    struct Item: Encodable, Sendable {
        let kind: String
        let isBlock: Bool
        let isBusy: Bool
        let isGap: Bool
        let start: String
        let end: String
        let time: String
        let startMinutes: Int
        let endMinutes: Int
        let durationText: String
        let id: String?
        let anchor: String?
        let emoji: String?
        let category: String?
        let categoryKey: String?
        let focusMode: String?
        let isDeep: Bool
        let isAdmin: Bool
        let isFixed: Bool
        let tasks: [TaskRow]
        /// Whether each task has a Done of its own beside the block's.
        let severalTasks: Bool
        let notificationId: String?
        let title: String?
        let label: String?
        var conflict: Conflict? = nil
        /// When the last of a block's tasks was finished, nil while any is still to do.
        var doneAt: String? = nil

        static func block(
            _ block: DayPlan.Block, on day: LocalDate, top: Set<String>, doneAt: [String: String]
        ) -> Item {
            var item = Item(
                kind: "block", span: block.span, id: block.id, anchor: BlockLink.anchor(block.id),
                emoji: block.category.emoji,
                category: block.category.name, categoryKey: block.category.rawValue,
                focusMode: block.focusMode.rawValue,
                isDeep: block.category == .deepWork, isAdmin: block.category == .admin, isFixed: block.isFixed,
                tasks: block.tasks.map {
                    TaskRow(
                        id: $0.id, title: $0.title, minutesText: AuraPlanner.durationText($0.minutes),
                        isTop: top.contains($0.id),
                        notes: TaskNotes(due: $0.due, part: $0.partOfDay), doneAt: doneAt[$0.id])
                },
                notificationId: "notify-\(block.id)", title: nil, label: nil)
            let finished = block.tasks.map { doneAt[$0.id] }
            item.doneAt = finished.contains(nil) ? nil : finished.compactMap(\.self).max()
            item.conflict = block.conflict.map { conflict in
                Conflict(
                    with: conflict.with, taskId: block.tasks[0].id,
                    freeAt: conflict.freeAt.map { clockText(minutes: $0) },
                    tomorrow: day.adding(days: 1).iso, movable: conflict.movable)
            }
            return item
        }

        static func busy(_ busy: DayPlan.Busy) -> Item {
            Item(
                kind: "busy", span: busy.span, id: nil, anchor: nil, emoji: nil, category: nil, categoryKey: nil,
                focusMode: nil,
                isDeep: false, isAdmin: false, isFixed: false, tasks: [], notificationId: nil, title: busy.title,
                label: nil)
        }

        static func gap(_ span: MinuteSpan) -> Item {
            let minutes = span.end - span.start
            return Item(
                kind: "gap", span: span, id: nil, anchor: nil, emoji: nil, category: nil, categoryKey: nil,
                focusMode: nil,
                isDeep: false, isAdmin: false, isFixed: false, tasks: [], notificationId: nil, title: nil,
                label: "\(AuraPlanner.durationText(minutes)) \(minutes < 15 ? "buffer" : "free")")
        }

        private init(
            kind: String, span: MinuteSpan, id: String?, anchor: String?, emoji: String?, category: String?,
            categoryKey: String?, focusMode: String?, isDeep: Bool, isAdmin: Bool, isFixed: Bool, tasks: [TaskRow],
            notificationId: String?, title: String?, label: String?
        ) {
            self.kind = kind
            isBlock = kind == "block"
            isBusy = kind == "busy"
            isGap = kind == "gap"
            start = clockText(minutes: span.start)
            end = clockText(minutes: span.end)
            time = "\(start)–\(end)"
            startMinutes = span.start
            endMinutes = span.end
            durationText = AuraPlanner.durationText(span.end - span.start)
            self.id = id
            self.anchor = anchor
            self.emoji = emoji
            self.category = category
            self.categoryKey = categoryKey
            self.focusMode = focusMode
            self.isDeep = isDeep
            self.isAdmin = isAdmin
            self.isFixed = isFixed
            self.tasks = tasks
            severalTasks = tasks.count > 1
            self.notificationId = notificationId
            self.title = title
            self.label = label
        }
    }

    let date: String
    /// The site's IANA time zone, in which the day's times are given.
    let timeZone: String
    let title: String
    let weekday: String
    let isToday: Bool
    let url: String
    let icsURL: String
    let previous: Link?
    let next: Link?
    let windowText: String
    /// The plan is the evening after the window: light work until bedtime, the rest tomorrow.
    let isEvening: Bool
    let loadText: String
    let loadPercent: Int
    let deepText: String
    let deepMinutes: Int
    let blockCount: Int
    let taskCount: Int
    let confident: Bool
    let topTasks: [TopTask]
    let isEmpty: Bool
    let timeline: [Item]
    let later: [LaterRow]
    let hasLater: Bool

    /// `store` tells which of the plan's tasks are finished, and when.
    init(_ plan: DayPlan, isToday: Bool, previous: DayPlan?, next: DayPlan?, root: String, store: TaskStore) {
        date = plan.date.iso
        timeZone = plan.timeZone.identifier
        title = DayText.title(plan.date)
        weekday = plan.date.weekday.name
        self.isToday = isToday
        url = BlockLink.dayPath(plan.date, root: root)
        icsURL = url + "aura.ics"
        self.previous = previous.map {
            Link(url: BlockLink.dayPath($0.date, root: root), title: DayText.title($0.date))
        }
        self.next = next.map { Link(url: BlockLink.dayPath($0.date, root: root), title: DayText.title($0.date)) }
        windowText = "\(clockText(minutes: plan.window.start))–\(clockText(minutes: plan.window.end))"
        isEvening = plan.isEvening
        loadText = "\(durationText(plan.loadMinutes)) planned of \(durationText(plan.capacityMinutes)) free"
        loadPercent = plan.capacityMinutes == 0 ? 0 : min(100, plan.loadMinutes * 100 / plan.capacityMinutes)
        deepMinutes = plan.deepMinutes
        deepText = durationText(deepMinutes)
        blockCount = plan.blocks.count
        taskCount = plan.blocks.reduce(0) { $0 + $1.tasks.count }
        confident = plan.confident
        topTasks = plan.leaders.map {
            TopTask(id: $0.task.id, title: $0.task.title, notificationId: "notify-\($0.block.id)")
        }
        isEmpty = plan.blocks.isEmpty
        timeline = Self.timeline(plan, top: Set(plan.topTasks.map(\.id)), doneAt: Self.doneTimes(plan, store: store))
        later = plan.later.map {
            LaterRow(
                id: $0.id, title: $0.title, emoji: $0.category.emoji, category: $0.category.name, reason: $0.reason)
        }
        hasLater = !later.isEmpty
    }

    /// Blocks and calendar events in time order, with the gaps between them inside the window.
    /// When each finished task of the plan was done, as local `HH:MM`, by task id.
    private static func doneTimes(_ plan: DayPlan, store: TaskStore) -> [String: String] {
        var times: [String: String] = [:]
        for task in plan.blocks.flatMap(\.tasks) {
            guard let index = store.index(of: task.id), let at = store.tasks[index].doneAt(on: plan.date) else {
                continue
            }
            times[task.id] = clockText(Date(timeIntervalSince1970: TimeInterval(at) / 1000), plan.timeZone)
        }
        return times
    }

    private static func timeline(_ plan: DayPlan, top: Set<String>, doneAt: [String: String]) -> [Item] {
        let events =
            (plan.blocks.map { (span: $0.span, item: Item.block($0, on: plan.date, top: top, doneAt: doneAt)) }
            + plan.busy.map { (span: $0.span, item: Item.busy($0)) })
            .sorted { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
        var items: [Item] = []
        var cursor: Int?
        for event in events {
            if let cursor, event.span.start > cursor {
                items.append(.gap(MinuteSpan(start: cursor, end: event.span.start)))
            }
            items.append(event.item)
            cursor = max(cursor ?? event.span.end, event.span.end)
        }
        return items
    }
}

extension DayPlan {
    /// Minutes of Deep Work scheduled.
    var deepMinutes: Int {
        blocks.filter { $0.category == .deepWork }.reduce(0) { $0 + $1.span.end - $1.span.start }
    }
}

/// Where a day and its blocks live on the site; notifications, calendars and pages all link
/// through these.
enum BlockLink {
    static func dayPath(_ date: LocalDate, root: String) -> String { root + "schedule/\(date.iso)/" }
    static func anchor(_ blockId: String) -> String { "block-\(blockId)" }
    static func path(_ block: DayPlan.Block, on date: LocalDate, root: String) -> String {
        dayPath(date, root: root) + "#" + anchor(block.id)
    }
}
