import AuraPlanner
import SiteEngine

extension DaySummary {
    /// The figures the evening energy is judged from.
    init(_ plan: DayPlan) {
        self.init(
            date: plan.date.iso, deepMinutes: plan.deepMinutes, loadMinutes: plan.loadMinutes,
            capacityMinutes: plan.capacityMinutes, lastBlockEnd: plan.blocks.map(\.span.end).max())
    }
}
