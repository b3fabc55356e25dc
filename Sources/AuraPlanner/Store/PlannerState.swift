import Foundation

/// A person's planner as one value, read at one moment: what the last plan decided, the task
/// store and the inbox's text. What the site is built from, and what the use cases change.
public struct PlannerState: Sendable {
    /// What the last plan decided; nil before the first plan.
    public let plan: PlanSnapshot?
    /// The task store (empty before the first capture).
    public let store: TaskStore
    /// The inbox's text; nil when there is no inbox file.
    public let inbox: String?

    public init(plan: PlanSnapshot?, store: TaskStore, inbox: String?) {
        self.plan = plan
        self.store = store
        self.inbox = inbox
    }
}
