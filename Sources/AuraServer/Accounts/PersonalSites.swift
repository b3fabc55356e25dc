import AuraSite
import AuraUseCases
import Foundation
import Platform
import Synchronization

/// Everyone's own planner and the site built from it. The owner (the first person added) of a
/// household plans in `Content/planner/`, so cron and `aura plan` keep working on it, unless
/// that folder holds the demo day (`AuraApp.demoMarker`); each other person (and then the owner)
/// has a folder of their own, `<state>/people/<id>/`, laid out as a content folder: their
/// `planner/` (inbox, store, plan in the documented formats) beside links to the shared
/// content (`site.yml`, culture, reflections…). Their pages, JSON and calendar are built from
/// it in memory, and only their session is ever answered from them; the rest of their site is
/// the owner's.
final class PersonalSites: Sendable {
    let shared: BuildOptions
    let state: ServerState
    /// Each person's site as last built, with the planner files' state it was built from.
    private let built: Mutex<[Int64: (stamp: StampedPaths, site: ServedSite)]> = Mutex([:])

    init(shared: BuildOptions, state: ServerState) {
        self.shared = shared
        self.state = state
    }

    /// How `personID`'s site is built; `name` goes into their deep links.
    func options(for personID: Int64, name: String? = nil) -> BuildOptions {
        var options = shared
        options.profile = name
        options.contentDirectory = state.personFolder(personID)
        return options
    }

    /// The person's planner folder, created with its links to the shared content when new
    /// (`preparing`), else as it is: a look that changes nothing needs no new folder.
    func planner(for personID: Int64, preparing: Bool = true) throws -> PlannerFolder {
        let folder = PlannerFolder(content: state.personFolder(personID))
        if preparing { try prepare(folder) }
        return folder
    }

    /// The person's site, built again first when their planner files changed since.
    func site(for personID: Int64, name: String) throws -> ServedSite {
        // Most requests find the site as it was: three stats, and the lock only to look.
        let folder = PlannerFolder(content: state.personFolder(personID))
        let seen = PersonalSites.stamp(of: folder)
        if let current = built.withLock({ $0[personID] }), current.stamp == seen { return current.site }
        try prepare(folder)
        return try built.withLock { built in
            let stamp = PersonalSites.stamp(of: folder)
            if let current = built[personID], current.stamp == stamp { return current.site }
            let site = try SiteBuilds.buildServedWaiting(
                options(for: personID, name: name), previous: built[personID]?.site, keeps: PersonalPaths.contains)
            built[personID] = (stamp, site)
            return site
        }
    }

    /// Forgets a person's built site and removes their folders (their account is gone).
    func remove(_ personID: Int64) throws {
        built.withLock { _ = $0.removeValue(forKey: personID) }
        try state.removeFolders(of: personID)
    }

    /// What tells the files the personal pages are built from (`PlannerFolder.statePaths`)
    /// unchanged: each one's size, inode and modification and change times, one `stat` apiece.
    static func stamp(of folder: PlannerFolder) -> StampedPaths {
        StampedPaths(folder.statePaths)
    }

    /// Creates the person's `planner/` and links every other entry of the shared content folder.
    private func prepare(_ folder: PlannerFolder) throws {
        let files = FileManager.default
        try files.createDirectory(
            at: folder.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let source = shared.contentDirectory.resolvingSymlinksInPath()
        for name in try files.contentsOfDirectory(atPath: source.path)
        where name != folder.folder.lastPathComponent && !name.hasPrefix(".") {
            let link = folder.content.appendingPathComponent(name)
            guard (try? files.destinationOfSymbolicLink(atPath: link.path)) == nil else { continue }
            try files.createSymbolicLink(at: link, withDestinationURL: source.appendingPathComponent(name))
        }
    }
}
