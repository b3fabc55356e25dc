import Foundation

/// A person's edit of one task: new words, read again as capture reads a line (so "call Sam
/// friday 3pm" also moves it to Friday at 15:00), and any of its date, time, length and
/// category set outright, which win over what the words say. A field given the value the task
/// has already changes nothing: a form that sends every field changes what the person changed.
public struct TaskEdit: Sendable, Equatable {
    public var words: String?
    public var date: LocalDate?
    public var time: ClockTime?
    public var minutes: Int?
    public var category: Category?

    public init(
        words: String? = nil, date: LocalDate? = nil, time: ClockTime? = nil, minutes: Int? = nil,
        category: Category? = nil
    ) {
        self.words = words
        self.date = date
        self.time = time
        self.minutes = minutes
        self.category = category
    }

    /// Whether the edit changes anything at all.
    public var isEmpty: Bool { self == TaskEdit() }

    /// What came of an edit.
    public enum Outcome: Sendable, Equatable {
        /// At least one field took the edit's value.
        case applied
        /// The task already had every value the edit gives.
        case unchanged
        /// Every field the edit would change was changed later than it was made, and keeps
        /// that value: nothing changed.
        case refused(fields: [String])
    }
}

extension TaskStore {
    /// Edits task `id` as `edit` says, at `at`; a field changed later than `at` keeps its value.
    /// Words that do not read as one task are an error naming the column, and change nothing.
    /// Returns what came of it.
    public mutating func edit(
        _ id: String, _ edit: TaskEdit, today: LocalDate, at: Int64, capture: CaptureSettings = CaptureSettings()
    ) throws(TaskStoreChangeError) -> TaskEdit.Outcome {
        let index = try existing(id)
        let original = tasks[index]
        var edited = original
        // The words the task has already are not read again: "friday", read next week, is another day.
        if let words = edit.words, words != original.input {
            let items: [CapturedItem]
            do {
                items = try CaptureParser(today: today, settings: capture).parse(words)
            } catch {
                throw TaskStoreChangeError(message: "column \(error.column): \(error.problem.message)")
            }
            guard items.count == 1, let item = items.first else {
                throw TaskStoreChangeError(
                    message: "'\(words)' reads as \(items.count) tasks; an edit keeps to one (add the others)")
            }
            let categorization = Categorizer().categorize(item)
            edited.title = item.title
            edited.input = item.input
            edited.kind = item.kind
            edited.category = categorization.category
            edited.categoryReason = categorization.reason
            edited.time = item.time
            edited.timeIsApproximate = item.timeIsApproximate
            // A length is an estimate that new words rarely say again: words that name none keep it.
            edited.minutes = item.minutes ?? original.minutes
            edited.recurrence = item.recurrence
            edited.partOfDay = item.partOfDay
            edited.due = item.isDeadline ? item.date : nil
            // Words that name no day leave the task on its day.
            if let date = item.date, !item.isDeadline { edited.date = date }
            // A repeat starts on the day the words name, else it repeats from now on.
            if item.recurrence != nil { edited.date = item.isDeadline ? nil : item.date }
        }
        if let date = edit.date, date != original.date { edited.date = date }
        if let time = edit.time, time != original.time || original.timeIsApproximate {
            // A time set on its own (`--at`) is exact.
            edited.time = time
            edited.timeIsApproximate = false
        }
        if let minutes = edit.minutes, minutes != original.minutes {
            guard (1...InputLimits.maximumTaskMinutes).contains(minutes) else {
                throw TaskStoreChangeError(
                    message: "\(minutes) minutes is not a length; expected 1 to \(InputLimits.maximumTaskMinutes)")
            }
            edited.minutes = minutes
        }
        if let category = edit.category, category != original.category {
            edited.category = category
            edited.categoryReason = "chosen by you"
        }
        var applied = false
        var keptNewer: [String] = []
        for field in edited.fields(differingFrom: original) {
            if original.changed(field, laterThan: at) {
                StoredTask.changeableFields.first { $0.name == field }?.copy(&edited, original)
                keptNewer.append(field)
            } else {
                edited.noteChange(of: field, at: at)
                applied = true
            }
        }
        guard applied else { return keptNewer.isEmpty ? .unchanged : .refused(fields: keptNewer) }
        let summary = "Edited \(Self.list([edited]))"
        remembering([original.id], at: at, change: { $0.tasks[index] = edited }, summary: { _ in summary })
        return .applied
    }

    /// Moves one-off tasks to `date`, at `at` (a task whose date was changed later stays).
    /// A repeating task follows its repeat: moving it is an error, and nothing moves.
    public mutating func move(_ ids: [String], to date: LocalDate, at: Int64) throws(TaskStoreChangeError)
        -> [String]
    {
        var movable: [Int] = []
        for id in ids {
            let index = try existing(id)
            if tasks[index].recurrence != nil {
                throw TaskStoreChangeError(
                    message: "\(tasks[index].id) repeats; it follows its repeat (edit its words to change it)")
            }
            if !tasks[index].changed("date", laterThan: at) { movable.append(index) }
        }
        let moved = movable.map { tasks[$0].id }
        return remembering(
            moved, at: at,
            change: { store in
                for index in movable where store.tasks[index].date != date {
                    store.tasks[index].date = date
                    store.tasks[index].noteChange(of: "date", at: at)
                }
                return moved
            }, summary: { "Moved to \(date): " + Self.list($0) })
    }

    /// Removes tasks, at `at`; a task a person changed later than `at` stays. Undo brings
    /// them back. Returns the ids removed.
    public mutating func drop(_ ids: [String], at: Int64) throws(TaskStoreChangeError) -> [String] {
        var dropped: [StoredTask] = []
        for id in ids {
            let task = tasks[try existing(id)]
            if !task.changed.values.contains(where: { $0 > at }) { dropped.append(task) }
        }
        let removed = Set(dropped.map(\.id))
        tasks.removeAll { removed.contains($0.id) }
        if !dropped.isEmpty {
            remember(StoreChange(summary: "Removed " + Self.list(dropped), at: at, before: dropped))
        }
        return dropped.map(\.id)
    }
}
