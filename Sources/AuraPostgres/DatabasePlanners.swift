import AuraUseCases
import Foundation

/// Everyone's planner as a row of the database replicas share (`PostgresPlannerStore`): the
/// owner's too, so no replica's disk holds a person's day. The content folder's `planner/`
/// is then only what the public pages are built from.
public struct DatabasePlanners: PlannerDirectory {
    let database: PostgresDatabase
    let content: URL

    public init(database: PostgresDatabase, content: URL) {
        self.database = database
        self.content = content
    }

    public func planner(personID: Int64, isOwner: Bool, preparing: Bool) throws -> any PlannerStore {
        PostgresPlannerStore(database: database, person: personID, content: content)
    }

    public func plansInContent(isOwner: Bool) -> Bool { false }

    public func files(personID: Int64, isOwner: Bool) -> [String] { [] }

    /// Nothing to do: the row goes with the person (`ON DELETE CASCADE`).
    public func remove(personID: Int64) throws {}
}
