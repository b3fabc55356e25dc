import AuraPlanner
import SiteEngine

/// `/week/`: a column per planned day, rank shown as gravity, and the undated lanes.
struct WeekViewModel: Encodable, Sendable {
    /// A task on the board, as a card.
    struct TaskCard: Encodable, Sendable {
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
        let notes: TaskNotes?
    }

    struct Day: Encodable, Sendable {
        let date: String
        let title: String
        let weekday: String
        let isToday: Bool
        let url: String
        let isEmpty: Bool
        let tasks: [TaskCard]
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
                TaskCard(
                    id: entry.task.id, title: entry.task.title, emoji: entry.block.category.emoji,
                    category: entry.block.category.name, categoryKey: entry.block.category.rawValue,
                    minutesText: durationText(entry.task.minutes), time: clockText(minutes: entry.block.span.start),
                    rankText: String(format: "%.2f", entry.task.rank), gravity: Self.gravity(rank: entry.place),
                    url: BlockLink.path(entry.block, on: plan.date, root: root),
                    notificationId: "notify-\(entry.block.id)",
                    notes: TaskNotes(due: entry.task.due, part: entry.task.partOfDay))
            }
            return Day(
                date: plan.date.iso, title: DayText.short(plan.date), weekday: plan.date.weekday.name,
                isToday: plan.date == first.date, url: BlockLink.dayPath(plan.date, root: root),
                isEmpty: tasks.isEmpty, tasks: tasks)
        }
        let open = store.tasks.filter { $0.isOpen(on: first.date) }
        let ideas = Set(open.filter(\.isUndatedIdea).map(\.id))
        lanes = [
            Lane(
                key: "later", title: "Later",
                items: first.later.filter { !ideas.contains($0.id) }.map {
                    LaneItem(id: $0.id, title: $0.title, emoji: $0.category.emoji, note: $0.reason)
                }),
            Lane(
                key: "ideas", title: "Ideas",
                items: open.filter(\.isUndatedIdea).map { task in
                    LaneItem(
                        id: task.id, title: task.title, emoji: task.category.emoji,
                        note: task.createdOn.map { "captured \(DayText.short($0))" } ?? "captured")
                }),
            Lane(
                key: "reminders", title: "Reminders",
                items: open.compactMap { task in
                    task.recurrence.map { recurrence in
                        LaneItem(
                            id: task.id, title: task.title, emoji: task.category.emoji,
                            note: PlannerViewModel.Captured.repeatText(recurrence)
                                + (task.time.map { " at \(clockText(minutes: $0.minutes))" } ?? ""))
                    }
                })
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
