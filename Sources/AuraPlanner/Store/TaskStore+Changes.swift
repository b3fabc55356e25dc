import Foundation

/// The changes the planner, the `add`, `done`, `snooze` and `push` commands and the server's
/// actions (with their undo) make to the store.
extension TaskStore {
    /// Stores captured items under new ids; a task or memo item that names no day is for `day`,
    /// an idea that names none stays undated. Returns the new ids.
    @discardableResult
    public mutating func capture(_ items: [CapturedItem], on day: LocalDate, categorizer: Categorizer = Categorizer())
        -> [String]
    {
        items.map { item in
            let categorization = categorizer.categorize(item)
            return add { id in
                StoredTask(
                    id: id, title: item.title, input: item.input, kind: item.kind,
                    category: categorization.category, categoryReason: categorization.reason,
                    createdOn: day, date: Self.plannedDate(of: item, capturedOn: day),
                    time: item.time, minutes: item.minutes, recurrence: item.recurrence, partOfDay: item.partOfDay,
                    due: item.isDeadline ? item.date : nil, timeIsApproximate: item.timeIsApproximate)
            }
        }
    }

    /// The day a captured item is planned for: the date it names, else the capture day (an idea
    /// or a repeat, none). A deadline is not the day to do it: such a task starts on the capture day.
    private static func plannedDate(of item: CapturedItem, capturedOn day: LocalDate) -> LocalDate? {
        if item.isDeadline { return item.recurrence == nil && item.kind != .idea ? day : nil }
        return item.date ?? (item.kind == .idea || item.recurrence != nil ? nil : day)
    }

    /// Moves unfinished one-off tasks from earlier days to `day`, counting each move; undated
    /// tasks (from version 1 files) join `day` without counting. Ideas without a date stay put.
    public mutating func rollForward(to day: LocalDate) {
        for index in tasks.indices where tasks[index].recurrence == nil && !tasks[index].done {
            switch tasks[index].date {
            case let date? where date < day:
                tasks[index].date = day
                tasks[index].countMove()
            case nil where tasks[index].kind != .idea:
                tasks[index].date = day
            default:
                break
            }
        }
    }

    /// Moves `day`'s unfinished one-off tasks, but those in `kept`, to the next day; recurring
    /// tasks keep their schedule. With `at`, a person's change made then: each move counts as a change of the
    /// task's date and can be undone. Returns the ids moved.
    @discardableResult
    public mutating func pushUnfinished(from day: LocalDate, except kept: Set<String> = [], at: Int64? = nil)
        -> [String]
    {
        let next = day.adding(days: 1)
        let pushed = tasks.filter { $0.recurrence == nil && !$0.done && $0.date == day && !kept.contains($0.id) }
            .map(\.id)
        guard let at else { return move(pushed, to: next) }
        return remembering(
            pushed, at: at,
            change: { store in
                let moved = store.move(pushed, to: next)
                for id in moved { store.tasks[store.index(of: id)!].noteChange(of: "date", at: at) }
                return moved
            }, summary: { "Pushed to \(next): " + Self.list($0) })
    }

    private mutating func move(_ ids: [String], to day: LocalDate) -> [String] {
        for id in ids {
            let index = index(of: id)!
            tasks[index].date = day
            tasks[index].countMove()
        }
        return ids
    }

    /// Marks a task done (for a recurring task, its occurrence on `day`).
    public mutating func markDone(_ id: String, on day: LocalDate) throws(TaskStoreChangeError) {
        let index = try existing(id)
        if tasks[index].recurrence == nil {
            tasks[index].done = true
        } else if !tasks[index].doneOccurrences.contains(day) {
            tasks[index].doneOccurrences.append(day)
            tasks[index].doneOccurrences.sort()
        }
    }

    /// Keeps a task from being scheduled before `instant`.
    public mutating func snooze(_ id: String, until instant: Date) throws(TaskStoreChangeError) {
        tasks[try existing(id)].snoozedUntil = instant
    }

    /// Undoes `markDone`: the task (for a recurring task, its occurrence on `day`) is open again.
    public mutating func markNotDone(_ id: String, on day: LocalDate) throws(TaskStoreChangeError) {
        let index = try existing(id)
        if tasks[index].recurrence == nil {
            tasks[index].done = false
        } else {
            tasks[index].doneOccurrences.removeAll { $0 == day }
        }
    }

    /// Undoes `snooze`: the task may be scheduled at once again.
    public mutating func unsnooze(_ id: String) throws(TaskStoreChangeError) {
        tasks[try existing(id)].snoozedUntil = nil
    }

    func existing(_ id: String) throws(TaskStoreChangeError) -> Int {
        guard let index = index(of: id) else {
            throw TaskStoreChangeError(message: "no task with id '\(id)'; 'aura plan' lists the ids")
        }
        return index
    }
}

extension StoredTask {
    /// One more move to a later day, stopping at the most the store reads back.
    mutating func countMove() {
        rolledForward = min(rolledForward + 1, InputLimits.maximumRolledForward)
    }
}

/// A change the store cannot make: an id it does not hold, words that do not read, a repeating task moved.
public struct TaskStoreChangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

extension TaskStore {
    /// The days among `days` whose plan a change from `before` to this store alters: where a task
    /// that appeared, went, or changed what the planner reads of it (its words, day, time,
    /// length, category, part of the day, repeat or deadline) was due before or is due now.
    /// Done and Snooze change no plan: pages show them on the blocks as they are.
    public func daysTouched(since before: TaskStore, among days: [LocalDate]) -> Set<LocalDate> {
        let old = Dictionary(before.tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var touched: Set<LocalDate> = []
        for id in Set(old.keys).union(new.keys) {
            let was = old[id]
            let now = new[id]
            guard was.map(\.planned) != now.map(\.planned) else { continue }
            for day in days where was?.isDue(on: day) == true || now?.isDue(on: day) == true {
                touched.insert(day)
            }
        }
        return touched
    }
}

extension StoredTask {
    /// What the planner reads of a task, besides Done and Snooze.
    fileprivate var planned: [String] {
        [
            title, kind.rawValue, category.rawValue, date?.iso ?? "", time.map { "\($0)" } ?? "",
            minutes.map(String.init) ?? "", recurrence.map { "\($0)" } ?? "", partOfDay?.rawValue ?? "",
            due?.iso ?? ""
        ]
    }
}
