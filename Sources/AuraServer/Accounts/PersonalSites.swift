import AuraSite
import AuraUseCases
import Foundation
import Synchronization

/// The sites of everyone who has a planner of their own (`HouseholdPlanners`): their pages,
/// JSON and calendar are built in memory from the shared content and their planner, and only
/// their session is ever answered from them; the rest of their site is the owner's.
final class PersonalSites: Sendable {
    let shared: BuildOptions
    let planners: any PlannerDirectory
    /// Each person's site as last built, with the generation of the planner it was built from,
    /// for at most `sitesKept` people (many people on a replica: one let go for each one built).
    private let built: Mutex<[Int64: (generation: UInt64, site: ServedSite)]> = Mutex([:])
    static let sitesKept = 256

    init(shared: BuildOptions, planners: any PlannerDirectory) {
        self.shared = shared
        self.planners = planners
    }

    /// How `personID`'s site is built; `name` goes into their deep links.
    func options(for personID: Int64, name: String? = nil) -> BuildOptions {
        var options = shared
        options.profile = name
        return options
    }

    /// The person's site, built again first when their planner changed since (a new generation).
    func site(for personID: Int64, name: String) throws -> ServedSite {
        let planner = try planners.planner(personID: personID, isOwner: false, preparing: false).read()
        if let current = built.withLock({ $0[personID] }), current.generation >= planner.generation {
            return current.site
        }
        return try built.withLock { built in
            if let current = built[personID], current.generation >= planner.generation { return current.site }
            let site = try SiteBuilds.buildServedWaiting(
                options(for: personID, name: name), planner: planner, previous: built[personID]?.site,
                keeps: PersonalPaths.contains)
            if built[personID] == nil, built.count >= Self.sitesKept, let any = built.keys.first {
                built.removeValue(forKey: any)
            }
            built[personID] = (planner.generation, site)
            return site
        }
    }

    /// Forgets a person's built site and their planner (their account is gone).
    func remove(_ personID: Int64) throws {
        built.withLock { _ = $0.removeValue(forKey: personID) }
        try planners.remove(personID: personID)
    }
}
