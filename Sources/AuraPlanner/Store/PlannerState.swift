import Foundation

/// A person's planner as one value, read at one moment: what the last plan decided, the task
/// store, the inbox's text and the calendar planned around. What the site is built from, and
/// what the use cases change: a store (`PlannerStore`) keeps the parts a change set, and only
/// those.
public struct PlannerState: Sendable {
    /// What the last plan decided; nil before the first plan.
    public var plan: PlanSnapshot? { didSet { changed.insert(.plan) } }
    /// The task store; nil before the first plan makes it.
    public var store: TaskStore? { didSet { changed.insert(.store) } }
    /// The inbox's text; nil when there is no inbox.
    public var inbox: String? { didSet { changed.insert(.inbox) } }
    /// The calendar's text (iCalendar) the days are planned around; nil when there is none.
    public var calendar: String? { didSet { changed.insert(.calendar) } }
    /// Which state of the person's planner this is: each change the store keeps, and each change
    /// made outside it that it notices, gives a new one, so what was made from a state (a built
    /// site, a page) stands while the generation does.
    public var generation: UInt64
    /// The parts set since the store gave this value.
    public private(set) var changed: Set<PlannerPart> = []

    public init(
        plan: PlanSnapshot?, store: TaskStore?, inbox: String?, calendar: String? = nil, generation: UInt64 = 0
    ) {
        self.plan = plan
        self.store = store
        self.inbox = inbox
        self.calendar = calendar
        self.generation = generation
    }

    /// The task store, empty before the first plan.
    public var tasks: TaskStore { store ?? TaskStore() }

    /// This state as kept, with no part changed, at `generation`.
    public func kept(as generation: UInt64) -> PlannerState {
        PlannerState(plan: plan, store: store, inbox: inbox, calendar: calendar, generation: generation)
    }
}

/// The parts of a person's planner, each kept on its own (a file of the planner folder).
public enum PlannerPart: String, Sendable, Hashable, CaseIterable {
    case inbox, store, plan, calendar

    /// The part's file in a planner folder (`PlannerLayout`), and its name wherever it is kept.
    public var fileName: String {
        switch self {
        case .inbox: PlannerLayout.inbox
        case .store: PlannerLayout.store
        case .plan: PlannerLayout.plan
        case .calendar: PlannerLayout.calendar
        }
    }
}
