import AuraPlanner
import AuraUseCases
import Foundation

/// Done, Snooze and Undo as the pages ask for them, on the ids the pages know: a notification
/// (`notify-<block id>`) or a block (`<date>-<task id>`) of the signed-in person's current plan
/// stands for every task in that block on that day; a task id (`t12`) for that task. Nothing
/// outside the plan and the store resolves.
///
/// Each change carries the client's time; per task field (`done`, `done@<date>` for one
/// occurrence of a repeating task, `snoozedUntil`) the last writer wins: a change older than
/// the one last applied to that field is acknowledged but not applied.
struct TaskChange {
    enum Kind: Equatable {
        case done
        case snooze(minutes: Int)
        case undoDone, undoSnooze
    }

    let kind: Kind
    /// The id the page named.
    let id: String
    /// The day the page showed it on (for a task id; a block knows its own).
    let day: LocalDate?
    /// When the person made the change, in the client's milliseconds since 1970, never later than
    /// the server's clock (a client clock ahead could otherwise hold a field forever).
    let at: Int64

    /// The tasks an id stands for, and the day.
    struct Targets {
        let taskIDs: [String]
        let day: LocalDate
    }

    static func targets(of id: String, day: LocalDate?, today: LocalDate, plan: PlanSnapshot?, store: TaskStore)
        -> Targets?
    {
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

    /// The field of `task` this change writes.
    func field(of task: StoredTask, on day: LocalDate) -> String {
        switch kind {
        case .done, .undoDone: task.recurrence == nil ? "done" : "done@\(day)"
        case .snooze, .undoSnooze: "snoozedUntil"
        }
    }

    /// Applies the change to each target whose field was not changed later; returns the fields
    /// written, to be noted once the store is saved.
    func apply(
        to store: inout TaskStore, _ targets: Targets,
        lastChange: (String, String) throws -> Int64?
    ) throws -> [(task: String, field: String)] {
        var written: [(task: String, field: String)] = []
        for taskID in targets.taskIDs {
            guard let index = store.index(of: taskID) else {
                throw AuraApp.ActionProblem(
                    status: 404, message: "no task with id '\(taskID)'; 'aura plan' lists the ids")
            }
            let field = field(of: store.tasks[index], on: targets.day)
            if let last = try lastChange(taskID, field), last > at { continue }
            switch kind {
            case .done: try store.markDone(taskID, on: targets.day)
            case .undoDone: try store.markNotDone(taskID, on: targets.day)
            case .snooze(let minutes):
                try store.snooze(taskID, until: Date(timeIntervalSince1970: Double(at) / 1000 + Double(minutes * 60)))
            case .undoSnooze: try store.unsnooze(taskID)
            }
            written.append((taskID, field))
        }
        return written
    }

    /// Done and Snoozed as the pages keep them, from the store: per planned day, each block's
    /// notification id → "done" (every task done that day) or "snoozed" (a task snoozed past
    /// `now`), and a block's single tasks done while the block is not → "done". `plan` names
    /// the plan's version, so a page can tell when it was planned again.
    static func pageState(plan: PlanSnapshot?, store: TaskStore, now: Date) -> [String: Any] {
        var days: [String: Any] = [:]
        for planned in plan?.days ?? [] {
            var blocks: [String: String] = [:]
            var tasks: [String: String] = [:]
            for block in planned.blocks {
                let stored = block.tasks.compactMap { task in store.index(of: task.id).map { store.tasks[$0] } }
                let done = stored.filter { !$0.isOpen(on: planned.date) }.map(\.id)
                if !stored.isEmpty && done.count == stored.count {
                    blocks["notify-\(block.id)"] = "done"
                    continue
                }
                for id in done { tasks[id] = "done" }
                if stored.contains(where: { ($0.snoozedUntil ?? .distantPast) > now }) {
                    blocks["notify-\(block.id)"] = "snoozed"
                }
            }
            days["\(planned.date)"] = ["blocks": blocks, "tasks": tasks]
        }
        return [
            "plan": plan.map { isoTimestamp($0.generated, in: TimeZone(identifier: "UTC")!) } ?? NSNull(), "days": days
        ]
    }
}
