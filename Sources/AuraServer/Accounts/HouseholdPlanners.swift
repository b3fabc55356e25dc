import AuraUseCases
import Foundation

/// Where each person of a household server keeps their planner: the owner (the first person
/// added) in `Content/planner/`, so cron and `aura plan` work on the same day as the pages —
/// unless that folder holds the demo day, marked by `demoMarker` — and everyone else (then the
/// owner too) in `<state>/people/<id>/planner/`, readable by the server alone.
public struct HouseholdPlanners: PlannerDirectory {
    /// The file that marks `Content/planner/` as the demo site's day.
    static let demoMarker = "DEMO.md"

    /// The shared content folder, whose `site.yml` every planner plans by.
    let content: URL
    let state: ServerState
    /// Whether the owner plans in `Content/planner/` (read once: when the server starts).
    let ownerPlansInContent: Bool

    public init(content: URL, state: ServerState) {
        self.content = content
        self.state = state
        ownerPlansInContent = !FileManager.default.fileExists(
            atPath: PlannerFolder(content: content).folder.appendingPathComponent(Self.demoMarker).path)
    }

    public func plansInContent(isOwner: Bool) -> Bool { isOwner && ownerPlansInContent }

    public func planner(personID: Int64, isOwner: Bool, preparing: Bool) throws -> any PlannerStore {
        try folder(personID: personID, isOwner: isOwner, preparing: preparing)
    }

    /// Made first when new, so the folder can be watched and answers made from it kept.
    public func files(personID: Int64, isOwner: Bool) throws -> [String] {
        try folder(personID: personID, isOwner: isOwner).paths
    }

    public func remove(personID: Int64) throws {
        try state.removeFolders(of: personID)
    }

    /// The planner folder of a person; their own is created when new and `preparing`.
    public func folder(personID: Int64, isOwner: Bool, preparing: Bool = true) throws -> PlannerFolder {
        if plansInContent(isOwner: isOwner) { return PlannerFolder(content: content) }
        let folder = state.plannerFolder(personID)
        if preparing, !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return PlannerFolder(content: content, folder: folder)
    }
}
