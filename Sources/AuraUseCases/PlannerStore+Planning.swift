import AuraCalendar
import AuraPlanner
import AuraSettings
import Foundation

extension PlannerStore {
    /// The busy time of `state`'s calendar, or nil when there is none; problems are
    /// `SourceErrors` naming where the calendar is kept.
    func busyCalendar(of state: PlannerState, _ settings: PlannerSettings) throws -> ICSCalendar? {
        do throws(InputError) {
            return try state.calendar.map { text throws(InputError) in
                try ICSCalendar(text: text, floatingTimeZone: settings.timeZone)
            }
        } catch {
            throw problems([error], in: .calendar)
        }
    }

    /// Changes the existing task store in one transaction (`change` sees the plan it was
    /// read with), and the days of the current plan whose tasks the change touched are planned
    /// again from `now` (`DayPlanner.replan`): an edited, moved or removed task is shown where
    /// it now belongs.
    func changeStoreAndPlan<Result>(
        now: Date, onWait: @escaping @Sendable () -> Void,
        _ change: (inout TaskStore, PlanSnapshot?) throws -> Result
    ) throws -> Result {
        try update(onWait: onWait) { state in
            var store = try existingStore(of: state)
            let before = store
            let result = try change(&store, state.plan)
            state.store = store
            try replanDays(&state, touchedSince: before, now: now)
            return result
        }
    }

    /// Plans again from `now` the days of `state`'s plan whose tasks its store changed since
    /// `before` (`TaskStore.daysTouched`).
    func replanDays(_ state: inout PlannerState, touchedSince before: TaskStore, now: Date) throws {
        guard let previous = state.plan else { return }
        try replan(&state, touching: state.tasks.daysTouched(since: before, among: previous.days.map(\.date)), now: now)
    }

    /// Plans `touched` days of `state`'s plan again from `now` around its calendar; a calendar
    /// that cannot be read leaves the plan as it was (the next plan or build reports it).
    func replan(_ state: inout PlannerState, touching touched: Set<LocalDate>, now: Date) throws {
        guard !touched.isEmpty, let previous = state.plan else { return }
        let settings = try settings()
        let calendar: ICSCalendar?
        do { calendar = try busyCalendar(of: state, settings) } catch { return }
        let days = DayPlanner(settings: settings).replan(
            previous, touching: touched, store: state.tasks, now: now, calendar: calendar)
        state.plan = PlanSnapshot(days: days, now: now, previous: previous)
    }

    /// Keeps `day` in place of the plan of its date in `state`'s plan, as planned at `now`.
    func keep(_ day: DayPlan, in state: inout PlannerState, now: Date) {
        guard let previous = state.plan else { return }
        let days = previous.days.map { $0.date == day.date ? day : $0 }
        state.plan = PlanSnapshot(days: days, now: now, previous: previous)
    }
}
