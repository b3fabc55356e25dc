import AuraPlanner
import Foundation

/// Done, Snooze, their undos, Push and Undo as a person asks for them, from the CLI, cron or a
/// page — written once, under the planner's lock, each remembered in the store so that `aura
/// undo` (or Undo on a page) can take it back, and each ordered by when it was made: of two
/// changes to one task field the later wins, whichever arrives last.
public struct TaskActions: Sendable {
    public let planner: any PlannerStore

    public init(planner: any PlannerStore) {
        self.planner = planner
    }

    /// The tasks an id stands for, and the day: a notification (`notify-<block id>`) or a block
    /// (`<date>-<task id>`) of the current plan stands for every task in that block on its day;
    /// a task id (`t12` or `12`) for that task, on `day` or else today.
    public struct Targets: Sendable, Equatable {
        public let taskIDs: [String]
        public let day: LocalDate
    }

    /// What `id` names in `plan` and `store`; nil when nothing.
    public static func targets(
        of id: String, day: LocalDate?, today: LocalDate, plan: PlanSnapshot?, store: TaskStore
    ) -> Targets? {
        let notification = id.hasPrefix("notify-")
        let blockID = notification ? String(id.dropFirst("notify-".count)) : id
        for planned in plan?.days ?? [] {
            if let block = planned.blocks.first(where: { $0.id == blockID }) {
                return Targets(taskIDs: block.tasks.map(\.id), day: planned.date)
            }
        }
        guard !notification, let index = store.index(of: id) else { return nil }
        return Targets(taskIDs: [store.tasks[index].id], day: day ?? today)
    }

    /// What a change did: the store and plan as they are after it, the targets of each id, and
    /// the ids of the tasks changed (a task whose field was changed later is left as it is).
    public struct Outcome: Sendable {
        public let store: TaskStore
        public let plan: PlanSnapshot?
        public let targets: [Targets]
        public let applied: [String]

        /// The tasks the ids named, as they are now.
        public var tasks: [StoredTask] {
            targets.flatMap(\.taskIDs).compactMap { id in store.index(of: id).map { store.tasks[$0] } }
        }
    }

    /// Applies `change`, made at `at` (milliseconds since 1970), to what each of `ids` names;
    /// when one names nothing, nothing is changed and `UnknownTask` says which. Without a store
    /// (before the first plan) it is a `SourceError` naming the store.
    public func change(
        _ ids: [String], _ change: TaskChange, day: LocalDate?, today: LocalDate, at: Int64,
        onWait: @escaping @Sendable () -> Void = {}
    ) throws -> Outcome {
        try planner.update(onWait: onWait) { state in
            var store = try planner.existingStore(of: state)
            let plan = state.plan
            var targets: [Targets] = []
            for id in ids {
                guard let target = Self.targets(of: id, day: day, today: today, plan: plan, store: store) else {
                    throw UnknownTask(id: id)
                }
                targets.append(target)
            }
            var applied: [String] = []
            for target in targets {
                applied += try store.apply(change, to: target.taskIDs, on: target.day, at: at)
            }
            state.store = store
            return Outcome(store: store, plan: plan, targets: targets, applied: applied)
        }
    }

    /// Moves `day`'s unfinished one-off tasks (and those left from earlier days) to the next
    /// day; returns them as they are now. Without a store there is nothing to move.
    public func push(from day: LocalDate, at: Int64, onWait: @escaping @Sendable () -> Void = {}) throws
        -> [StoredTask]
    {
        try planner.update(onWait: onWait) { state in
            guard var store = state.store else { return [] }
            // Tasks left from earlier days count as the day's, as they would in its plan.
            store.rollForward(to: day)
            let pushed = store.pushUnfinished(from: day, at: at).map { store.tasks[store.index(of: $0)!] }
            state.store = store
            return pushed
        }
    }

    /// Edits the task `id` names (a task id, or a block of one task), at `at`, and plans the days
    /// it touched again from `now` (as do Move, Remove and Undo); returns it as it
    /// is now, and what came of the edit (a field changed later keeps its value).
    public func edit(
        _ id: String, _ edit: TaskEdit, today: LocalDate, at: Int64, now: Date,
        onWait: @escaping @Sendable () -> Void = {}
    ) throws -> (task: StoredTask, outcome: TaskEdit.Outcome) {
        try planner.changeStoreAndPlan(now: now, onWait: onWait) { store, plan in
            let taskID = try Self.single(id, today: today, plan: plan, store: store)
            let capture = (try? planner.settings().capture) ?? CaptureSettings()
            let applied = try store.edit(taskID, edit, today: today, at: at, capture: capture)
            return (store.tasks[store.index(of: taskID)!], applied)
        }
    }

    /// Moves what `ids` name to `date`, at `at`; returns the tasks moved, as they are now.
    public func move(
        _ ids: [String], to date: LocalDate, today: LocalDate, at: Int64, now: Date,
        onWait: @escaping @Sendable () -> Void = {}
    ) throws -> [StoredTask] {
        try planner.changeStoreAndPlan(now: now, onWait: onWait) { store, plan in
            let taskIDs = try Self.taskIDs(ids, today: today, plan: plan, store: store)
            return try store.move(taskIDs, to: date, at: at).map { store.tasks[store.index(of: $0)!] }
        }
    }

    /// Removes what `ids` name, at `at`; returns the tasks removed, as they were.
    public func drop(
        _ ids: [String], today: LocalDate, at: Int64, now: Date, onWait: @escaping @Sendable () -> Void = {}
    ) throws -> [StoredTask] {
        try planner.changeStoreAndPlan(now: now, onWait: onWait) { store, plan in
            let taskIDs = try Self.taskIDs(ids, today: today, plan: plan, store: store)
            let before = store.tasks
            let dropped = Set(try store.drop(taskIDs, at: at))
            return before.filter { dropped.contains($0.id) }
        }
    }

    /// The task ids `ids` stand for, in order, once each.
    private static func taskIDs(_ ids: [String], today: LocalDate, plan: PlanSnapshot?, store: TaskStore) throws
        -> [String]
    {
        var taskIDs: [String] = []
        for id in ids {
            guard let target = targets(of: id, day: nil, today: today, plan: plan, store: store) else {
                throw UnknownTask(id: id)
            }
            taskIDs += target.taskIDs.filter { !taskIDs.contains($0) }
        }
        return taskIDs
    }

    /// The one task `id` stands for; a block of several tasks is not one.
    private static func single(_ id: String, today: LocalDate, plan: PlanSnapshot?, store: TaskStore) throws
        -> String
    {
        let taskIDs = try taskIDs([id], today: today, plan: plan, store: store)
        guard taskIDs.count == 1 else {
            throw TaskStoreChangeError(message: "'\(id)' holds \(taskIDs.count) tasks; name one of them")
        }
        return taskIDs[0]
    }

    /// Notes when fields of tasks were changed, as a record kept elsewhere says (`field` as
    /// `StoredTask.changed` names it), keeping the later time of each; a person without a store
    /// yet has no task they could name. Not a change to undo.
    public func noteChanges(_ changes: [(taskID: String, field: String, at: Int64)]) throws {
        try planner.update { state in
            guard var store = state.store else { return }
            for change in changes { store.noteChange(of: change.taskID, change.field, at: change.at) }
            state.store = store
        }
    }

    /// Undoes the latest change a person made that is still kept, at `at`; nil when none is. A
    /// reflow's undo puts the day's plan back as it was.
    public func undoLatest(at: Int64, now: Date, onWait: @escaping @Sendable () -> Void = {}) throws
        -> StoreChange?
    {
        try planner.update(onWait: onWait) { state in
            guard var store = state.store else { return nil }
            let before = store
            let change = store.undoLatest(at: at)
            state.store = store
            // A reflow's day goes back as it was first; then the days the undo touched are planned again.
            if let day = change?.day {
                let dayPlanner = DayPlanner(settings: try planner.settings())
                planner.keep(dayPlanner.reflowUndone(day, now: now), in: &state, now: now)
            }
            try planner.replanDays(&state, touchedSince: before, now: now)
            return change
        }
    }

    /// An id that names no task, block or notification of the person's.
    public struct UnknownTask: Error, Sendable {
        public let id: String
    }
}

extension Date {
    /// The instant in milliseconds since 1970, as changes are ordered by.
    public var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}
