import Foundation

/// A change a person made to tasks — Done, Snooze, Push, an undo of one of them — kept in the
/// store so that it can be undone: what it was, when, and the tasks as they were before it.
public struct StoreChange: Codable, Sendable, Equatable {
    /// What the change did, in words (`Done “call Sam”`).
    public let summary: String
    /// When it was made (milliseconds since 1970).
    public let at: Int64
    /// The changed tasks as they were before it.
    let before: [StoredTask]
    /// The day's plan as it was before a change that planned it again and touched no task (a
    /// reflow): Undo puts it back. Nil for every other change.
    public var day: DayPlan? = nil

    /// How many changes the store keeps for undo; older ones are forgotten.
    static let kept = 20
}

extension TaskStore {
    /// Remembers, for Undo, that `day` was planned again at `at` (`DayPlanner.reflow`) because
    /// `missed` had passed undone; `day` is the plan as it was.
    public mutating func rememberReflow(of day: DayPlan, missed: [DayPlan.ScheduledTask], at: Int64) {
        let names = missed.map { "“\($0.title)”" }
        let summary =
            "Planned the rest of today again: " + names.joined(separator: ", ")
            + " had passed undone"
        remember(StoreChange(summary: summary, at: at, before: [], day: day))
    }
}

extension StoredTask {
    /// Whether `field` was changed later than `at` (a change older than that loses).
    public func changed(_ field: String, laterThan at: Int64) -> Bool {
        (changed[field] ?? .min) > at
    }

    /// Notes that `field` was changed at `at`.
    mutating func noteChange(of field: String, at: Int64) {
        changed[field] = max(changed[field] ?? .min, at)
    }

    /// The names of the fields in which the task differs from `other`, as `changed` keys them.
    func fields(differingFrom other: StoredTask) -> [String] {
        Self.changeableFields.filter { $0.differs(self, other) }.map(\.name)
            + Set(doneOccurrences).symmetricDifference(other.doneOccurrences).sorted().map { "done@\($0)" }
    }

    /// The fields a change sets, each under the name its change time is kept by.
    static let changeableFields: [Field] = [
        Field("title", \.title), Field("input", \.input), Field("kind", \.kind),
        Field("category", \.category, with: \StoredTask.categoryReason), Field("date", \.date), Field("time", \.time),
        Field("approx", \.timeIsApproximate),
        Field("minutes", \.minutes), Field("rrule", \.recurrence), Field("part", \.partOfDay), Field("due", \.due),
        Field("done", \.done), Field("snoozedUntil", \.snoozedUntil)
    ]

    /// One of `changeableFields`: what tells two versions of a task apart there, and copies
    /// it from one to the other.
    struct Field: Sendable {
        let name: String
        let differs: @Sendable (StoredTask, StoredTask) -> Bool
        let copy: @Sendable (inout StoredTask, StoredTask) -> Void

        /// The field at `path`, copied with the one at `companion` (a category with its reason).
        init<Value: Equatable>(
            _ name: String, _ path: WritableKeyPath<StoredTask, Value> & Sendable,
            with companion: (WritableKeyPath<StoredTask, String> & Sendable)? = nil
        ) {
            self.name = name
            differs = { $0[keyPath: path] != $1[keyPath: path] }
            copy = { task, original in
                task[keyPath: path] = original[keyPath: path]
                if let companion { task[keyPath: companion] = original[keyPath: companion] }
            }
        }
    }
}

extension TaskStore {
    /// Keeps `change` for undo, forgetting the oldest past `StoreChange.kept`.
    mutating func remember(_ change: StoreChange) {
        recentChanges.append(change)
        recentChanges.removeFirst(max(0, recentChanges.count - StoreChange.kept))
    }

    /// Runs `change` on the tasks `ids` names and remembers it for undo, with the tasks as they
    /// were before; `summary` words it from the tasks it changed. Nothing is remembered when no
    /// task changed.
    public mutating func remembering<Result, Failure: Error>(
        _ ids: [String], at: Int64, change: (inout TaskStore) throws(Failure) -> Result,
        summary: ([StoredTask]) -> String
    ) throws(Failure) -> Result {
        let before = ids.compactMap { id in index(of: id).map { tasks[$0] } }
        let result = try change(&self)
        let changed = before.filter { task in index(of: task.id).map { tasks[$0] } != task }
        if !changed.isEmpty {
            let after = changed.compactMap { task in index(of: task.id).map { tasks[$0] } }
            remember(StoreChange(summary: summary(after), at: at, before: changed))
        }
        return result
    }

    /// Notes that `field` of `taskID` was changed at `at`, as a record kept elsewhere says (the
    /// server's, before store version 3); an unknown task is passed over.
    public mutating func noteChange(of taskID: String, _ field: String, at: Int64) {
        guard let index = index(of: taskID) else { return }
        tasks[index].noteChange(of: field, at: at)
    }

    /// Undoes the latest change kept: each task it changed is as it was before (a task removed
    /// since comes back), and each field this puts back counts as changed at `at`. Returns the
    /// change undone, or nil when none is kept.
    public mutating func undoLatest(at: Int64) -> StoreChange? {
        guard let change = recentChanges.popLast() else { return nil }
        for earlier in change.before {
            guard let index = index(of: earlier.id) else {
                // A removed task comes back in its place among the others, by number.
                let number = Int(earlier.id.dropFirst()) ?? .max
                let place = tasks.firstIndex { (Int($0.id.dropFirst()) ?? .max) > number } ?? tasks.endIndex
                tasks.insert(earlier, at: place)
                if earlier.id.first == "t", number <= InputLimits.maximumTaskNumber {
                    nextNumber = max(nextNumber, number + 1)
                }
                continue
            }
            var restored = earlier
            restored.changed = tasks[index].changed
            for field in tasks[index].fields(differingFrom: earlier) { restored.noteChange(of: field, at: at) }
            tasks[index] = restored
        }
        return change
    }
}
