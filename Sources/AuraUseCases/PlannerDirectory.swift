import Foundation

/// Where a server keeps everyone's planner: a folder each on one machine (a household), or a
/// row each in the database replicas share. The server asks it for a person's planner and
/// knows nothing else of where it lives.
public protocol PlannerDirectory: Sendable {
    /// The planner of a person; made when new and `preparing` (a look that changes nothing
    /// needs none made).
    func planner(personID: Int64, isOwner: Bool, preparing: Bool) throws -> any PlannerStore
    /// Whether this person's planner is the content folder's `planner/`, which the public
    /// pages are built from.
    func plansInContent(isOwner: Bool) -> Bool
    /// The files a person's planner is kept in: an answer made from it stands while they do.
    /// None when the store tells of its own changes (`HTTPServer.Settings.outsideChanges`).
    func files(personID: Int64, isOwner: Bool) throws -> [String]
    /// Lets go of what is kept of a person apart from their account (their account is gone).
    func remove(personID: Int64) throws
}
