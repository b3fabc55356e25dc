import AuraPlanner

/// `/week/`: a column per planned day, rank shown as gravity, and the undated lanes.
struct WeekViewModel: Encodable, Sendable {
    struct Task: Encodable, Sendable {
        let id: String
        let title: String
        let emoji: String
        let category: String
        let categoryKey: String
        let minutesText: String
        let time: String
        let rankText: String
        /// 1 for the day's top task, growing to 5 down the list; tied tasks share one.
        let gravity: Int
        let url: String
        let notificationId: String
    }

    struct Day: Encodable, Sendable {
        let date: String
        let title: String
        let weekday: String
        let isToday: Bool
        let url: String
        let isEmpty: Bool
        let tasks: [Task]
    }

    struct LaneItem: Encodable, Sendable {
        let id: String
        let title: String
        let emoji: String
        let note: String
    }

    struct Lane: Encodable, Sendable {
        let key: String
        let title: String
        let items: [LaneItem]
        let hasItems: Bool

        init(key: String, title: String, items: [LaneItem]) {
            self.key = key
            self.title = title
            self.items = items
            hasItems = !items.isEmpty
        }
    }

    let timeZone: String
    let today: String
    let days: [Day]
    let lanes: [Lane]
    let columnChoices = [3, 5, 7]
    let defaultColumns = 7

    init(_ snapshot: PlanSnapshot, store: TaskStore, root: String) {
        let first = snapshot.days[0]
        timeZone = first.timeZone.identifier
        today = first.date.iso
        days = snapshot.days.map { plan in
            let tasks = plan.ranking.map { entry in
                Task(id: entry.task.id, title: entry.task.title, emoji: entry.block.category.emoji,
                     category: entry.block.category.name, categoryKey: entry.block.category.rawValue,
                     minutesText: durationText(entry.task.minutes), time: clockText(minutes: entry.block.span.start),
                     rankText: String(format: "%.2f", entry.task.rank), gravity: Self.gravity(rank: entry.place),
                     url: BlockLink.path(entry.block, on: plan.date, root: root), notificationId: "notify-\(entry.block.id)")
            }
            return Day(date: plan.date.iso, title: DayText.short(plan.date), weekday: plan.date.weekday.name,
                       isToday: plan.date == first.date, url: BlockLink.dayPath(plan.date, root: root),
                       isEmpty: tasks.isEmpty, tasks: tasks)
        }
        let open = store.tasks.filter { $0.isOpen(on: first.date) }
        let ideas = Set(open.filter(\.isUndatedIdea).map(\.id))
        lanes = [
            Lane(key: "later", title: "Later", items: first.later.filter { !ideas.contains($0.id) }.map {
                LaneItem(id: $0.id, title: $0.title, emoji: $0.category.emoji, note: $0.reason)
            }),
            Lane(key: "ideas", title: "Ideas", items: open.filter(\.isUndatedIdea).map { task in
                LaneItem(id: task.id, title: task.title, emoji: task.category.emoji,
                         note: task.createdOn.map { "captured \(DayText.short($0))" } ?? "captured")
            }),
            Lane(key: "reminders", title: "Reminders", items: open.compactMap { task in
                task.recurrence.map { recurrence in
                    LaneItem(id: task.id, title: task.title, emoji: task.category.emoji,
                             note: PlannerViewModel.Captured.repeatText(recurrence) + (task.time.map { " at \(clockText(minutes: $0.minutes))" } ?? ""))
                }
            }),
        ]
    }

    /// The gravity ramp, by place in the day's ranking (`DayPlan.RankedTask.place`, shared by
    /// tied tasks): the top at 1, the next two places at 2 and 3, then 4 and 5 for the tail.
    static func gravity(rank index: Int) -> Int {
        switch index {
        case 0...2: index + 1
        case 3...4: 4
        default: 5
        }
    }
}

/// `/focus/`: one block at a time, chosen by the clock in the browser.
struct FocusViewModel: Encodable, Sendable {
    struct Task: Encodable, Sendable {
        let id: String
        let title: String
        let minutesText: String
    }

    struct Block: Encodable, Sendable {
        let id: String
        let url: String
        let start: String
        let end: String
        let startMinutes: Int
        let endMinutes: Int
        let emoji: String
        let category: String
        let categoryKey: String
        let focusMode: String
        let notificationId: String
        let tasks: [Task]
    }

    let date: String
    let timeZone: String
    let dashboardURL: String
    let scheduleURL: String
    let first: Block?
    let blocks: [Block]

    init(_ plan: DayPlan, root: String) {
        date = plan.date.iso
        timeZone = plan.timeZone.identifier
        dashboardURL = root + "dashboard/"
        scheduleURL = BlockLink.dayPath(plan.date, root: root)
        blocks = plan.blocks.map { block in
            Block(id: block.id, url: BlockLink.path(block, on: plan.date, root: root),
                  start: clockText(minutes: block.span.start), end: clockText(minutes: block.span.end),
                  startMinutes: block.span.start, endMinutes: block.span.end, emoji: block.category.emoji,
                  category: block.category.name, categoryKey: block.category.rawValue, focusMode: block.focusMode.rawValue,
                  notificationId: "notify-\(block.id)",
                  tasks: block.tasks.map { Task(id: $0.id, title: $0.title, minutesText: durationText($0.minutes)) })
        }
        first = blocks.first
    }
}

/// `/offline/`: what the service worker answers with for a page it does not hold.
struct OfflineViewModel: Encodable, Sendable {
    let dashboardURL: String
    /// Absent until there is a plan, since there is no schedule to go back to.
    let scheduleURL: String?
}
