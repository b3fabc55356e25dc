import Foundation

extension DayPlan {
    /// The plan as `aura plan --json` prints it: the schema documented in the README, keys
    /// sorted so the same plan always gives the same bytes.
    public func jsonData() -> Data {
        // Plain strings, numbers and arrays always encode.
        try! canonicalJSON(PlanDocument(self))
    }
}

/// `2026-12-02T09:00:00+00:00`: an instant as local time in `timeZone` with its UTC offset.
public func isoTimestamp(_ instant: Date, in timeZone: TimeZone) -> String {
    let parts = Calendar.gregorian(in: timeZone).dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: instant)
    let offset = timeZone.secondsFromGMT(for: instant) / 60
    let date = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!.iso
    let time = ClockTime.format(parts.hour! * 60 + parts.minute!) + ":" + zeroPadded(parts.second!, 2)
    return date + "T" + time + (offset < 0 ? "-" : "+") + ClockTime.format(abs(offset))
}

private struct PlanDocument: Encodable {
    struct Window: Encodable { let start, end: String }
    struct ScheduledTask: Encodable {
        let id, title: String
        let minutes: Int
        let rank: Double
    }
    struct Block: Encodable {
        let id, start, end, category, emoji, focusMode: String
        let fixed: Bool
        let tasks: [ScheduledTask]
        /// Left out for a block with nothing else at its time.
        let conflict: Conflict?
    }
    struct Conflict: Encodable {
        let with: String
        let freeAt: String?
        let movable: Bool
    }
    struct Later: Encodable { let id, title, category, reason: String }
    struct Busy: Encodable { let start, end, title: String }
    struct Notification: Encodable {
        let id, blockId, fireDate, title, body, cue, interruptionLevel: String
        let actions: [String]
    }
    struct Nudge: Encodable {
        let id, fireDate, title, body, repeats: String
        let taskId: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(fireDate, forKey: .fireDate)
            try container.encode(title, forKey: .title)
            try container.encode(body, forKey: .body)
            try container.encode(repeats, forKey: .repeats)
            // Written as null rather than left out, so a reader sees every field.
            try container.encode(taskId, forKey: .taskId)
        }

        enum CodingKeys: String, CodingKey { case id, fireDate, title, body, repeats, taskId }
    }

    let date, timezone: String
    let window: Window
    let capacityMinutes, loadMinutes, freeMinutes: Int
    let confident: Bool
    let blocks: [Block]
    let later: [Later]
    let busy: [Busy]
    let notifications: [Notification]
    let nudge: Nudge

    init(_ plan: DayPlan) {
        let clock = ClockTime.format
        date = plan.date.iso
        timezone = plan.timeZone.identifier
        window = Window(start: clock(plan.window.start), end: clock(plan.window.end))
        capacityMinutes = plan.capacityMinutes
        loadMinutes = plan.loadMinutes
        freeMinutes = plan.freeMinutes
        confident = plan.confident
        blocks = plan.blocks.map { block in
            Block(
                id: block.id, start: clock(block.span.start), end: clock(block.span.end),
                category: block.category.rawValue, emoji: block.category.emoji, focusMode: block.focusMode.rawValue,
                fixed: block.isFixed,
                tasks: block.tasks.map {
                    ScheduledTask(id: $0.id, title: $0.title, minutes: $0.minutes, rank: $0.rank)
                },
                conflict: block.conflict.map {
                    Conflict(with: $0.with, freeAt: $0.freeAt.map(clock), movable: $0.movable)
                })
        }
        later = plan.later.map { Later(id: $0.id, title: $0.title, category: $0.category.rawValue, reason: $0.reason) }
        busy = plan.busy.map { Busy(start: clock($0.span.start), end: clock($0.span.end), title: $0.title) }
        notifications = plan.notifications.map { note in
            Notification(
                id: note.id, blockId: note.blockId, fireDate: isoTimestamp(note.fireDate, in: plan.timeZone),
                title: note.title, body: note.body, cue: note.cue, interruptionLevel: note.interruptionLevel.rawValue,
                actions: note.actions.map(\.rawValue))
        }
        nudge = Nudge(
            id: DailyNudge.id, fireDate: isoTimestamp(plan.nudge.fireDate, in: plan.timeZone),
            title: plan.nudge.title, body: plan.nudge.body, repeats: "daily", taskId: plan.nudge.taskId)
    }
}
