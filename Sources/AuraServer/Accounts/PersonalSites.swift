import AuraSite
import AuraUseCases
import Foundation
import Synchronization

/// The sites of everyone who has a planner of their own (`HouseholdPlanners`): their pages,
/// JSON and calendar made from their planner over the shared site's build (`ServedSite.personal`),
/// each when first asked for; only their session is ever answered from them, and the rest of
/// their site is the shared one.
final class PersonalSites: Sendable {
    let planners: any PlannerDirectory
    /// Each person's site as last made, with the generation of the planner it was made from,
    /// for at most `sitesKept` people (many people on a replica: one let go for each one made).
    private let made: Mutex<[Int64: (generation: UInt64, site: ServedSite)]> = Mutex([:])
    static let sitesKept = 256

    init(planners: any PlannerDirectory) {
        self.planners = planners
    }

    /// The person's site over `shared` (the owner's, `AuraApp.served`), made again first when
    /// their planner changed since (a new generation) or the shared site was built again.
    func site(for personID: Int64, name: String, over shared: ServedSite) throws -> ServedSite {
        let planner = try planners.planner(personID: personID, isOwner: false, preparing: false).read()
        if let current = made.withLock({ $0[personID] }), current.generation >= planner.generation,
            current.site.build == shared.build
        {
            return current.site
        }
        let site = try shared.personal(planner, profile: name)
        made.withLock { made in
            if made[personID] == nil, made.count >= Self.sitesKept, let any = made.keys.first {
                made.removeValue(forKey: any)
            }
            made[personID] = (planner.generation, site)
        }
        return site
    }

    /// Forgets a person's site and their planner (their account is gone).
    func remove(_ personID: Int64) throws {
        made.withLock { _ = $0.removeValue(forKey: personID) }
        try planners.remove(personID: personID)
    }
}
