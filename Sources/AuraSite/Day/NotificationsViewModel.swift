import AuraPlanner
import Foundation
import SiteEngine

/// `/notifications/` and `/notifications.json`: today's notifications with their exact triggers.
struct NotificationsViewModel: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        let id: String
        let blockId: String
        let fireDate: String
        let fireTime: String
        let snoozedTime: String
        let title: String
        let body: String
        let cue: String
        let isHigh: Bool
        let priorityText: String
        let url: String
        let emoji: String
        let interruptionLevel: String
        let actions: [String]
        /// The block's tasks, each with its own page under `aura serve`.
        let tasks: [Task]
    }

    struct Task: Encodable, Sendable {
        let id: String
        let title: String
    }

    struct Nudge: Encodable, Sendable {
        let id: String
        let fireTime: String
        let title: String
        let body: String
    }

    let items: [Item]
    let nudge: Nudge
    let subscribeURL: String
    let feedURL: String
    let todayICSURL: String
    let dataURL: String
    let dashboardURL: String
    let date: String

    init(_ plan: DayPlan, factory: PageFactory) {
        let root = factory.root
        let blocks = Dictionary(uniqueKeysWithValues: plan.blocks.map { ($0.id, $0) })
        let zone = plan.timeZone
        items = plan.notifications.map { note in
            let block = blocks[note.blockId]
            return Item(
                id: note.id, blockId: note.blockId, fireDate: isoTimestamp(note.fireDate, in: zone),
                fireTime: clockText(note.fireDate, zone),
                snoozedTime: clockText(note.fireDate.addingTimeInterval(15 * 60), zone),
                title: note.title, body: note.body, cue: note.cue, isHigh: note.interruptionLevel == .timeSensitive,
                priorityText: note.interruptionLevel == .timeSensitive ? "High priority" : "",
                url: factory.deepLink(
                    block.map { BlockLink.path($0, on: plan.date, root: root) } ?? root + "dashboard/"),
                emoji: block?.category.emoji ?? "🔔", interruptionLevel: note.interruptionLevel.rawValue,
                actions: note.actions.map(\.rawValue),
                tasks: block?.tasks.map { Task(id: $0.id, title: $0.title) } ?? [])
        }
        nudge = Nudge(
            id: DailyNudge.id, fireTime: clockText(plan.nudge.fireDate, zone), title: plan.nudge.title,
            body: plan.nudge.body)
        feedURL = factory.absoluteURL("/" + factory.calendarPath)
        subscribeURL = calendarSubscription(to: feedURL)
        todayICSURL = BlockLink.dayPath(plan.date, root: root) + "aura.ics"
        dataURL = root + "notifications.json"
        dashboardURL = root + "dashboard/"
        date = plan.date.iso
    }

    /// `/notifications.json`: the plan for the web app. `badge` counts the tasks still open today.
    func json(generated: Date, timeZone: TimeZone, badge: Int) throws -> Data {
        struct Entry: Encodable {
            let id, fireDate, title, body, cue, interruptionLevel, url: String
            let actions: [String]
        }
        struct Document: Encodable {
            let generated, timezone: String
            let badge: Int
            let notifications: [Entry]
        }
        let document = Document(
            generated: isoTimestamp(generated, in: timeZone), timezone: timeZone.identifier, badge: badge,
            notifications: items.map {
                Entry(
                    id: $0.id, fireDate: $0.fireDate, title: $0.title, body: $0.body, cue: $0.cue,
                    interruptionLevel: $0.interruptionLevel, url: $0.url, actions: $0.actions)
            })
        return try canonicalJSON(document)
    }
}
