import AuraPlanner
import AuraSettings
import AuraUseCases
import Diagnostics
import Foundation

/// A person's planner kept in PostgreSQL (`PlannerStore`): one row of `aura_planners` holding
/// the planner folder's four files as their text and the person's generation. A change is one
/// transaction that holds the row's lock (`SELECT … FOR UPDATE`) where the folder holds its
/// file lock, so two replicas changing one person's day at the same moment keep both changes;
/// each raises the generation and tells every replica listening (`NOTIFY aura_planners`).
public struct PostgresPlannerStore: PlannerStore {
    let database: PostgresDatabase
    /// The person whose planner this is.
    public let person: Int64
    /// The content folder whose `site.yml` the planner's settings are read from (the same on
    /// every replica).
    let content: URL

    /// The most one part of a person's planner (inbox, task store, plan, calendar) may hold in
    /// its row: what a person sends stays bounded in the database as on a disk.
    static let partLimit = 16 * 1_048_576

    public init(database: PostgresDatabase, person: Int64, content: URL) {
        self.database = database
        self.person = person
        self.content = content
    }

    public func settings() throws -> PlannerSettings {
        try PlannerSettings.current(in: content)
    }

    public func location(of part: PlannerPart) -> String {
        "database:person/\(person)/\(part.fileName)"
    }

    public func read(onWait: @escaping @Sendable () -> Void = {}) throws -> PlannerState {
        if let current = database.currentPlanner(of: person) { return current }
        return try database.withConnection { try read(on: $0, locking: false) }
    }

    public func update<Result>(
        onWait: @escaping @Sendable () -> Void = {}, _ change: (inout PlannerState) throws -> Result
    ) throws -> Result {
        // Changes to one person's day that arrive together are one transaction (one commit, one
        // flush of the log for all), as a folder's are one write.
        try withoutActuallyEscaping(change) { change in
            var result: Result?
            let pending = StoreCommits.Change { state in result = try change(&state) }
            try database.commits.commit(pending, path: String(person)) { group in
                try database.withConnection { connection in
                    if let kept = try keepOnCached(group, on: connection) {
                        database.remember(kept, of: person)
                        database.noteChange()
                        return
                    }
                    for member in group { member.failure = nil }
                    let kept = try connection.transaction {
                        try ensureRow(on: connection)
                        let before = try read(on: connection, locking: true)
                        return try keep(StoreCommits.apply(group, to: before), on: connection)
                    }
                    if let kept {
                        database.remember(kept, of: person)
                        database.noteChange()
                    }
                }
            }
            return result!
        }
    }

    public func append(toInbox lines: [String], onWait: @escaping @Sendable () -> Void) throws {
        try database.withConnection { connection in
            try connection.transaction {
                try ensureRow(on: connection)
                let rows = try connection.execute(
                    "SELECT inbox FROM aura_planners WHERE person = $1 FOR UPDATE", [String(person)])
                try connection.execute(
                    """
                    WITH changed AS (
                        UPDATE aura_planners SET inbox = $3, generation = generation + 1 WHERE person = $1
                        RETURNING generation)
                    SELECT pg_notify('aura_planners', $2 || ' ' || generation) FROM changed
                    """,
                    [
                        String(person), String(person),
                        try checked(Inbox.appending(lines, to: rows[0, 0] ?? ""), as: .inbox)
                    ])
            }
            database.noteChange()
        }
    }

    public func documentFiles() throws -> [(name: String, data: Data)] {
        try database.withConnection { (connection: PostgresConnection) in
            let rows = try connection.execute(
                "SELECT inbox, store, plan, calendar FROM aura_planners WHERE person = $1", [String(person)])
            guard rows.count == 1 else { return [] }
            return [PlannerPart.inbox, .store, .plan, .calendar].enumerated()
                .compactMap { column, part in rows[0, column].map { (part.fileName, Data($0.utf8)) } }
                .sorted { $0.name < $1.name }
        }
    }

    /// The planner's row, decoded unless it is the generation last read here; with `locking`,
    /// the row is locked until the transaction ends.
    private func read(on connection: PostgresConnection, locking: Bool) throws -> PlannerState {
        // The documents travel only when the generation is not the one read here last.
        let cached = database.planners.withLock { $0.kept[person] }
        if let cached {
            let current = try connection.execute(
                "SELECT generation FROM aura_planners WHERE person = $1" + (locking ? " FOR UPDATE" : ""),
                [String(person)])
            if current.count == 1, current[0, 0].flatMap(UInt64.init) == cached.generation { return cached }
        }
        let rows = try connection.execute(
            "SELECT generation, inbox, store, plan, calendar FROM aura_planners WHERE person = $1"
                + (locking ? " FOR UPDATE" : ""), [String(person)])
        guard rows.count == 1, let generation = rows[0, 0].flatMap(UInt64.init) else {
            return PlannerState(plan: nil, store: nil, inbox: nil)
        }
        let state = PlannerState(
            plan: try rows[0, 3].map { try decodePlan($0) }, store: try rows[0, 2].map { try decodeStore($0) },
            inbox: rows[0, 1], calendar: rows[0, 4], generation: generation)
        database.remember(state, of: person)
        return state
    }

    /// `group` applied to the planner as last read here and written in one statement, without
    /// a transaction's lock, on the condition that the row is still that generation; the state
    /// as kept. Nil when it could not be: nothing read here yet, another replica's change came
    /// first, or a change failed or changed nothing (then it must see the row as it is now).
    private func keepOnCached(_ group: [StoreCommits.Change], on connection: PostgresConnection) throws
        -> PlannerState?
    {
        guard let cached = database.planners.withLock({ $0.kept[person] }) else { return nil }
        let changed = StoreCommits.apply(group, to: cached)
        guard !changed.changed.isEmpty, group.allSatisfy({ $0.failure == nil }) else { return nil }
        return try keep(changed, on: connection, from: cached.generation)
    }

    /// Writes the parts of `state` that were set, as the next generation, and tells every
    /// replica, in one statement; with `generation`, only while the row is still that one.
    /// Returns the state as kept; nil when nothing was set or the row had moved on.
    private func keep(_ state: PlannerState, on connection: PostgresConnection, from generation: UInt64? = nil)
        throws -> PlannerState?
    {
        guard !state.changed.isEmpty else { return nil }
        var parameters: [String?] = [String(person), String(person)]
        var assignments: [String] = []
        for part in PlannerPart.allCases where state.changed.contains(part) {
            parameters.append(try checked(text(of: part, in: state), as: part))
            assignments.append("\(part.rawValue) = $\(parameters.count)")
        }
        var condition = "person = $1"
        if let generation {
            parameters.append(String(generation))
            condition += " AND generation = $\(parameters.count)"
        }
        let rows = try connection.execute(
            """
            WITH changed AS (
                UPDATE aura_planners SET \(assignments.joined(separator: ", ")), generation = generation + 1
                WHERE \(condition) RETURNING generation)
            SELECT generation, pg_notify('aura_planners', $2 || ' ' || generation) FROM changed
            """, parameters)
        guard rows.count == 1 else { return nil }
        return state.kept(as: rows[0, 0].flatMap(UInt64.init) ?? 0)
    }

    /// `text` as `part` may hold it: at most `partLimit` bytes.
    private func checked(_ text: String?, as part: PlannerPart) throws -> String? {
        guard let text, text.utf8.count > Self.partLimit else { return text }
        throw SourceError(
            file: location(of: part), line: 1, column: 1,
            message: "would hold \(text.utf8.count / 1_048_576) MB; a planner's part holds at most "
                + "\(Self.partLimit / 1_048_576) MB: drop what is done, or keep less of the calendar")
    }

    /// Makes the person's row, empty, unless it is there: what a change then locks.
    private func ensureRow(on connection: PostgresConnection) throws {
        try connection.execute(
            "INSERT INTO aura_planners (person) VALUES ($1) ON CONFLICT (person) DO NOTHING", [String(person)])
    }

    private func text(of part: PlannerPart, in state: PlannerState) -> String? {
        switch part {
        case .inbox: state.inbox
        case .store: state.store.map { String(decoding: $0.encoded(), as: UTF8.self) }
        case .plan: state.plan.map { String(decoding: $0.encoded(), as: UTF8.self) }
        case .calendar: state.calendar
        }
    }

    private func decodeStore(_ text: String) throws -> TaskStore {
        do { return try TaskStore.decode(Data(text.utf8)) } catch {
            throw error.problem.located(in: location(of: .store))
        }
    }

    private func decodePlan(_ text: String) throws -> PlanSnapshot {
        do { return try PlanSnapshot.decode(Data(text.utf8)) } catch {
            throw error.problem.located(in: location(of: .plan))
        }
    }
}
