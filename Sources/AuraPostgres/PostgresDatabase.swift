import AuraPlanner
import AuraUseCases
import Synchronization

/// A PostgreSQL database that many threads use: connections are opened when needed, lent out
/// one to a thread at a time and kept for the next, and one that broke is let go.
public final class PostgresDatabase: Sendable {
    /// Where the database is: a `postgres://` (or `postgresql://`) URL, or libpq's words.
    public let conninfo: String
    private let idle = Mutex<[PostgresConnection]>([])
    /// Each person's planner as last read here, by person (`PostgresPlannerStore`), for at most
    /// `plannersKept` people: past that, one kept is let go for each one read.
    let planners = Mutex<[Int64: PlannerState]>([:])
    static let plannersKept = 2_000

    /// The database at `conninfo`, connected to once now so a wrong address fails at start.
    public init(_ conninfo: String) throws {
        self.conninfo = conninfo
        let first = try PostgresConnection(conninfo)
        idle.withLock { $0.append(first) }
    }

    /// Changes to one person's planner waiting together, carried out in one transaction.
    let commits = StoreCommits()

    /// Changes committed through this process, counted at once: its own kept answers must not
    /// wait for the notification PostgreSQL sends it too (`DatabaseChanges`).
    let localChanges = Atomic<UInt64>(0)

    /// Counts a change committed through this process.
    func noteChange() {
        localChanges.add(1, ordering: .relaxed)
    }

    /// Keeps `state` as `person`'s planner as last read here.
    func remember(_ state: PlannerState, of person: Int64) {
        planners.withLock { planners in
            if planners[person] == nil, planners.count >= Self.plannersKept, let any = planners.keys.first {
                planners.removeValue(forKey: any)
            }
            planners[person] = state
        }
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        let connection = try idle.withLock { $0.popLast() } ?? PostgresConnection(conninfo)
        defer {
            if connection.isOpen { idle.withLock { $0.append(connection) } }
        }
        return try body(connection)
    }
}
