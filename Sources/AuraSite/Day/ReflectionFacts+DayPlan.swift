import AuraPlanner
import SiteEngine

extension ReflectionFacts {
    /// The facts of a planned day, with what the store records as finished on it.
    init(_ plan: DayPlan, store: TaskStore) {
        func block(_ block: DayPlan.Block) -> Block {
            Block(
                start: clockText(minutes: block.span.start), end: clockText(minutes: block.span.end),
                emoji: block.category.emoji, category: block.category.name, focusMode: block.focusMode.rawValue,
                tasks: block.tasks.map(\.title))
        }
        let scheduled = plan.blocks.flatMap(\.tasks)
        let finished = plan.finishedTasks(in: store)
        self.init(
            weekday: plan.date.weekday.name, dateText: "\(plan.date.day) \(LocalDate.monthNames[plan.date.month - 1])",
            blocks: plan.blocks.map(block), deepBlocks: plan.blocks.filter { $0.category == .deepWork }.map(block),
            topTasks: plan.topTasks.map(\.title), confident: plan.confident, deepMinutes: plan.deepMinutes,
            taskCount: scheduled.count, loadMinutes: plan.loadMinutes, capacityMinutes: plan.capacityMinutes,
            later: plan.later.map(\.title), finished: finished.map(\.title), finishedKnown: !finished.isEmpty)
    }
}
