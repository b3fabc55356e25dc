import AuraHTTP
import AuraPlanner
import AuraUseCases
import Foundation

extension AuraApp {
    /// What the last plan changed, when the request comes from Plan My Day (`?changed=1` on the
    /// schedule): the blocks whose published version the plan made — a first version is new, a
    /// later one moved. `PlanSnapshot` compares each block with the plan before when it saves
    /// the plan (the calendars' SEQUENCE), so the page and the calendars agree on what moved.
    func planChanges(_ request: HTTPRequest, of session: Accounts.Session) -> String? {
        guard request.query["changed"] != nil, Self.pagePath(request.rawPath) == root + "schedule/" else { return nil }
        guard let plan = try? planner(of: session).read().plan else { return nil }
        let marks = plan.days.flatMap(\.blocks).compactMap { block -> String? in
            guard let event = plan.events[block.id], event.stamp == plan.generated else { return nil }
            return "\(block.id):\(event.sequence == 0 ? "new" : "moved")"
        }
        return marks.isEmpty ? nil : marks.joined(separator: " ")
    }
}
