import AuraSite
import AuraUseCases
import Foundation
import Synchronization

/// Everyone's own planner and the site built from it. The owner (the first person added) of a
/// household plans in `Content/planner/`, so cron and `aura plan` keep working on it, unless
/// that folder holds the demo day (`AuraApp.demoMarker`); each other person (and then the owner)
/// has a planner folder of their own, `<state>/people/<id>/planner/` (inbox, store, plan in the
/// documented formats). Their pages, JSON and calendar are built in memory from the shared
/// content and their planner, and only their session is ever answered from them; the rest of
/// their site is the owner's.
final class PersonalSites: Sendable {
    let shared: BuildOptions
    let state: ServerState
    /// Each person's site as last built, with the generation of the planner it was built from.
    private let built: Mutex<[Int64: (generation: UInt64, site: ServedSite)]> = Mutex([:])

    init(shared: BuildOptions, state: ServerState) {
        self.shared = shared
        self.state = state
    }

    /// How `personID`'s site is built; `name` goes into their deep links.
    func options(for personID: Int64, name: String? = nil) -> BuildOptions {
        var options = shared
        options.profile = name
        return options
    }

    /// The person's planner, its folder created (readable by the server alone) when new and
    /// `preparing`: a look that changes nothing needs no new folder.
    func planner(for personID: Int64, preparing: Bool = true) throws -> PlannerFolder {
        let folder = state.plannerFolder(personID)
        if preparing, !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return PlannerFolder(content: shared.contentDirectory, folder: folder)
    }

    /// The person's site, built again first when their planner changed since (a new generation).
    func site(for personID: Int64, name: String) throws -> ServedSite {
        let planner = try planner(for: personID, preparing: false).read()
        if let current = built.withLock({ $0[personID] }), current.generation >= planner.generation {
            return current.site
        }
        return try built.withLock { built in
            if let current = built[personID], current.generation >= planner.generation { return current.site }
            let site = try SiteBuilds.buildServedWaiting(
                options(for: personID, name: name), planner: planner, previous: built[personID]?.site,
                keeps: PersonalPaths.contains)
            built[personID] = (planner.generation, site)
            return site
        }
    }

    /// Forgets a person's built site and removes their folders (their account is gone).
    func remove(_ personID: Int64) throws {
        built.withLock { _ = $0.removeValue(forKey: personID) }
        try state.removeFolders(of: personID)
    }
}
