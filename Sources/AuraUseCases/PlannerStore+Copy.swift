import AuraPlanner

extension PlannerStore {
    /// Makes this planner hold what `source` holds — plan, task store, inbox and calendar, a
    /// part `source` lacks removed here — in one change: a person moved from one store to
    /// another (`aura db import`, `aura db export`).
    public func copy(from source: any PlannerStore) throws {
        let copied = try source.read()
        try update { state in
            state.plan = copied.plan
            state.store = copied.store
            state.inbox = copied.inbox
            state.calendar = copied.calendar
        }
    }
}
