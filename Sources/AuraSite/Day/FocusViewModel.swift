import AuraPlanner
import SiteEngine

/// `/focus/`: one block at a time, chosen by the clock in the browser.
struct FocusViewModel: Encodable, Sendable {
    /// One of a block's tasks.
    struct BlockTask: Encodable, Sendable {
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
        let tasks: [BlockTask]
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
            Block(
                id: block.id, url: BlockLink.path(block, on: plan.date, root: root),
                start: clockText(minutes: block.span.start), end: clockText(minutes: block.span.end),
                startMinutes: block.span.start, endMinutes: block.span.end, emoji: block.category.emoji,
                category: block.category.name, categoryKey: block.category.rawValue,
                focusMode: block.focusMode.rawValue,
                notificationId: "notify-\(block.id)",
                tasks: block.tasks.map { BlockTask(id: $0.id, title: $0.title, minutesText: durationText($0.minutes)) })
        }
        first = blocks.first
    }
}
