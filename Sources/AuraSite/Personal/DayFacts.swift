import AuraPlanner

extension ReflectionFacts {
    /// The facts of a planned day, with what the store records as finished on it.
    init(_ plan: DayPlan, store: TaskStore) {
        func block(_ block: DayPlan.Block) -> Block {
            Block(start: clockText(minutes: block.span.start), end: clockText(minutes: block.span.end),
                  emoji: block.category.emoji, category: block.category.name, focusMode: block.focusMode.rawValue,
                  tasks: block.tasks.map(\.title))
        }
        let scheduled = plan.blocks.flatMap(\.tasks)
        let finished = plan.finishedTasks(in: store)
        self.init(weekday: plan.date.weekday.name, dateText: "\(plan.date.day) \(LocalDate.monthNames[plan.date.month - 1])",
                  blocks: plan.blocks.map(block), deepBlocks: plan.blocks.filter { $0.category == .deepWork }.map(block),
                  topTasks: plan.topTasks.map(\.title), confident: plan.confident, deepMinutes: plan.deepMinutes,
                  taskCount: scheduled.count, loadMinutes: plan.loadMinutes, capacityMinutes: plan.capacityMinutes,
                  later: plan.later.map(\.title), finished: finished.map(\.title), finishedKnown: !finished.isEmpty)
    }
}

extension DayPlan {
    /// The scheduled tasks the store records as done on this day.
    func finishedTasks(in store: TaskStore) -> [Task] {
        let stored = Dictionary(uniqueKeysWithValues: store.tasks.map { ($0.id, $0) })
        return blocks.flatMap(\.tasks).filter { stored[$0.id].map { !$0.isOpen(on: date) } ?? false }
    }
}

extension DaySummary {
    /// The figures the evening energy is judged from.
    init(_ plan: DayPlan) {
        self.init(date: plan.date.iso, deepMinutes: plan.deepMinutes, loadMinutes: plan.loadMinutes,
                  capacityMinutes: plan.capacityMinutes, lastBlockEnd: plan.blocks.map(\.span.end).max())
    }
}
