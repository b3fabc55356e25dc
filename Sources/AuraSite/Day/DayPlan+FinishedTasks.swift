import AuraPlanner
import SiteEngine

extension DayPlan {
    /// The scheduled tasks the store records as done on this day.
    func finishedTasks(in store: TaskStore) -> [ScheduledTask] {
        let stored = Dictionary(uniqueKeysWithValues: store.tasks.map { ($0.id, $0) })
        return blocks.flatMap(\.tasks).filter { stored[$0.id].map { !$0.isOpen(on: date) } ?? false }
    }
}
