import AuraCalendar
import AuraPlanner
import Foundation

/// The rest of today planned again when blocks passed undone (`DayPlanner.reflow`), as the
/// server's tick and `aura reflow` ask: the new plan is kept, and the store remembers the day as
/// it was, for Undo.
public struct DayReflow: Sendable {
    let planner: any PlannerStore

    public init(planner: any PlannerStore) {
        self.planner = planner
    }

    /// Reflows today from `now`, as a change made at `at`. Returns what happened; nil when
    /// nothing had passed undone (or there is no plan, or its calendar cannot be read).
    public func run(now: Date, at: Int64, onWait: @escaping @Sendable () -> Void = {}) throws -> DayPlanner.Reflow? {
        let settings = try planner.settings()
        let today = settings.day(of: now)
        let dayPlanner = DayPlanner(settings: settings)
        // A look first, which changes nothing: most of the time no block of today has ended yet.
        guard let peek = try planner.read(onWait: onWait).plan?.days.first(where: { $0.date == today }),
            dayPlanner.mayReflow(peek, now: now)
        else { return nil }
        return try planner.update(onWait: onWait) { state in
            guard var store = state.store, let day = state.plan?.days.first(where: { $0.date == today }) else {
                return nil
            }
            let calendar: ICSCalendar?
            do { calendar = try planner.busyCalendar(of: state, settings) } catch { return nil }
            guard let reflow = dayPlanner.reflow(day, store: store, now: now, calendar: calendar) else { return nil }
            store.rememberReflow(of: day, missed: reflow.missed, at: at)
            state.store = store
            planner.keep(reflow.day, in: &state, now: now)
            return reflow
        }
    }
}
