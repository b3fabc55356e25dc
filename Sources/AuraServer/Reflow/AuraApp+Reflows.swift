import AuraUseCases
import Foundation

extension AuraApp {
    /// The day re-flows by itself: every half minute each person's today is looked at, and when a
    /// block the planner chose has ended undone, the rest of it is planned again
    /// (`DayReflow`) as a change their Undo takes back. Their open pages hear of the new
    /// plan and reload at a safe moment, saying what moved, with the Undo; their reminders follow
    /// the new times.
    func startReflows() {
        reflows.withLock { reflows in
            reflows = RepeatingTimer(label: "aura.serve.reflows", every: .seconds(30)) { [weak self] in
                self?.reflowDays()
            }
        }
    }

    /// One look at everyone's today; a person whose day cannot be read (or who has no folder
    /// yet, so no plan) is passed over until the next. The look is a few `stat`s a person.
    func reflowDays() {
        let now = clock()
        guard let people = try? accounts.people() else { return }
        for person in people {
            guard let folder = try? planner(personID: person.id, isOwner: person.isOwner, preparing: false) else {
                continue
            }
            _ = try? DayReflow(planner: folder).run(now: now, at: now.milliseconds)
        }
    }
}
