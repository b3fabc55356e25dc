import AuraPlanner
import Foundation

/// Done and Snoozed as the pages keep them, from the store: per planned day, each block's
/// notification id → "done" (every task done that day) or "snoozed" (a task snoozed past
/// `now`), and a block's single tasks done while the block is not → "done". `plan` names the
/// plan's version, so a page can tell when it was planned again; `reflowed` is true when the
/// latest change was the day re-flowing itself, so the page comes back offering its Undo.
enum PageState {
    static func of(plan: PlanSnapshot?, store: TaskStore, now: Date) -> [String: Any] {
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
            "plan": plan.map { isoTimestamp($0.generated, in: TimeZone(identifier: "UTC")!) } ?? NSNull(), "days": days,
            "reflowed": store.recentChanges.last?.day != nil
        ]
    }

    /// The first moment after `now` at which `of(plan:store:now:)` would answer differently with
    /// the files unchanged: when a snooze on a planned task runs out; nil when none is pending.
    static func changes(plan: PlanSnapshot?, store: TaskStore, after now: Date) -> Date? {
        (plan?.days ?? []).flatMap(\.blocks).flatMap(\.tasks).compactMap { task in
            store.index(of: task.id).flatMap { store.tasks[$0].snoozedUntil }.flatMap { $0 > now ? $0 : nil }
        }.min()
    }
}
