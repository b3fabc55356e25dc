import Foundation

/// A person's change to one task's state: Done, Snooze and their undos. Each writes one field
/// (`done`, `done@<date>` for one occurrence of a repeating task, `snoozedUntil`), and of two
/// changes to a field the one made later wins, whichever arrives last.
public enum TaskChange: Sendable, Equatable {
    case done
    case notDone
    case snooze(until: Date)
    case unsnooze

    /// The field of `task` this change writes, on `day`.
    func field(of task: StoredTask, on day: LocalDate) -> String {
        switch self {
        case .done, .notDone: task.recurrence == nil ? "done" : "done@\(day)"
        case .snooze, .unsnooze: "snoozedUntil"
        }
    }

    /// The change in words, for the list of changes that can be undone.
    var verb: String {
        switch self {
        case .done: "Done"
        case .notDone: "Not done"
        case .snooze: "Snoozed"
        case .unsnooze: "Unsnoozed"
        }
    }
}

extension TaskStore {
    /// Applies `change`, made at `at` (milliseconds since 1970), to each of `ids` on `day`,
    /// unless that task's field was changed later; returns the ids changed. An unknown id
    /// changes nothing at all.
    public mutating func apply(_ change: TaskChange, to ids: [String], on day: LocalDate, at: Int64)
        throws(TaskStoreChangeError) -> [String]
    {
        var next = self
        let applied = try next.remembering(
            ids, at: at,
            change: { (store: inout TaskStore) throws(TaskStoreChangeError) -> [String] in
                var applied: [String] = []
                for id in ids {
                    let index = try store.existing(id)
                    let field = change.field(of: store.tasks[index], on: day)
                    guard !store.tasks[index].changed(field, laterThan: at) else { continue }
                    switch change {
                    case .done: try store.markDone(id, on: day)
                    case .notDone: try store.markNotDone(id, on: day)
                    case .snooze(let until): try store.snooze(id, until: until)
                    case .unsnooze: try store.unsnooze(id)
                    }
                    store.tasks[index].noteChange(of: field, at: at)
                    applied.append(store.tasks[index].id)
                }
                return applied
            }, summary: { change.verb + " " + Self.list($0) })
        self = next
        return applied
    }

    /// `“call Sam”, “pay rent”`: the words a person wrote, never the ids the store keeps.
    static func list(_ tasks: [StoredTask]) -> String {
        tasks.map { "“\($0.title)”" }.joined(separator: ", ")
    }
}

extension TaskChange {
    /// The longest a snooze holds a task back: a day. Longer is another day for it (`aura move`,
    /// or the week board), which the plan can see.
    public static let longestSnoozeMinutes = 24 * 60

    /// When a snooze of `minutes` asked for at `now` ends, as every caller asks for one.
    public static func snoozeEnd(minutes: Int, from now: Date) throws(SnoozeLengthError) -> Date {
        guard (1...longestSnoozeMinutes).contains(minutes) else { throw SnoozeLengthError(minutes: minutes) }
        return now.addingTimeInterval(TimeInterval(minutes * 60))
    }
}

/// A snooze shorter than a minute or longer than `TaskChange.longestSnoozeMinutes`.
public struct SnoozeLengthError: Error, Sendable, CustomStringConvertible {
    public let minutes: Int

    public var description: String {
        "a snooze lasts 1 minute to 24 h (not \(minutes) min); to hold a task back longer, give it another day"
    }
}
