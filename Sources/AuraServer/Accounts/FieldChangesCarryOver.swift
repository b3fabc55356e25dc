import AuraPlanner
import AuraUseCases
import Foundation

extension AuraApp {
    /// Moves the task fields' change times an older Aura kept in the accounts database into each
    /// person's store, where the CLI and cron see them too, keeping the later time of each field;
    /// then forgets them here. A person without a store yet has no task they could name.
    func carryOverFieldChanges() throws {
        let kept = try accounts.fieldChangesKeptHere()
        guard !kept.isEmpty else { return }
        for person in try accounts.people() {
            guard let changes = kept[person.id] else { continue }
            let folder = try planner(personID: person.id, isOwner: person.isOwner)
            try TaskActions(planner: folder).noteChanges(changes.map { ($0.task, $0.field, $0.changed) })
            try accounts.forgetFieldChanges(of: person.id)
        }
    }
}
