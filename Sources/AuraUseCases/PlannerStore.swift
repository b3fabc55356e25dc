import AuraPlanner
import AuraSettings
import Diagnostics
import Foundation

/// Where a person's planner is kept: read as one value, changed as one transaction that no
/// other writer interleaves with. Every use case (Plan My Day, capture, each task action, the
/// calendar) runs over this seam, and nothing else reads or writes a planner.
public protocol PlannerStore: Sendable {
    /// The settings the planner plans by (the site's `locale`, time zone, parts of the day…).
    func settings() throws -> PlannerSettings

    /// The planner as it is now. A part that cannot be read is an error naming where it is
    /// broken. `onWait` hears once if a writer holds the read up for a second.
    func read(onWait: @escaping @Sendable () -> Void) throws -> PlannerState

    /// Gives `change` the planner as it is, with every other writer kept out, and keeps the
    /// parts it set (`PlannerState.changed`): all of them or, when it throws or the store fails,
    /// none. Changes that arrive together may be kept together, each in its turn. A change
    /// that sets the task store and the inbox together takes the inbox's items into the store,
    /// leaving the inbox as `Inbox.drained` makes it (a store may rely on that to finish a
    /// drain a kill interrupted).
    func update<Result>(
        onWait: @escaping @Sendable () -> Void, _ change: (inout PlannerState) throws -> Result
    ) throws -> Result

    /// Adds `lines` at the end of the inbox, for the next Plan My Day, whatever the rest of the
    /// planner holds (a broken task store does not keep a person from noting a task).
    func append(toInbox lines: [String], onWait: @escaping @Sendable () -> Void) throws

    /// Where `part` is kept, as problems in it are named (a file's path, for a folder).
    func location(of part: PlannerPart) -> String
    /// The planner's documents as they are kept, by file name, none decoded (so a broken one
    /// is taken away too): what a person takes away in their export.
    func documentFiles() throws -> [(name: String, data: Data)]
}

extension PlannerStore {
    /// The planner as it is now (`read(onWait:)`).
    public func read() throws -> PlannerState {
        try read(onWait: {})
    }

    /// `update(onWait:_:)`, with no one to tell of a wait.
    public func update<Result>(_ change: (inout PlannerState) throws -> Result) throws -> Result {
        try update(onWait: {}, change)
    }

    /// Problems in one part of the planner, as errors naming where it is kept.
    func problems(_ errors: [InputError], in part: PlannerPart) -> SourceErrors {
        SourceErrors(
            errors: errors.map {
                SourceError(file: location(of: part), line: $0.line, column: $0.column, message: $0.message)
            })
    }

    /// The task store of `state`, or, before the first plan made one, an error that says so.
    func existingStore(of state: PlannerState) throws -> TaskStore {
        guard let store = state.store else {
            throw SourceError(
                file: location(of: .store), line: 1, column: 1,
                message: "no task store yet; run 'aura plan' to create it from the inbox")
        }
        return store
    }
}
