import AuraPlanner
import AuraUseCases
import Synchronization

/// A PostgreSQL database that many threads use: connections are opened when needed, lent out
/// one to a thread at a time and kept for the next, and one that broke is let go.
public final class PostgresDatabase: Sendable {
    /// Where the database is: a `postgres://` (or `postgresql://`) URL, or libpq's words.
    public let conninfo: String
    private let idle = Mutex<[PostgresConnection]>([])
    /// Each person's planner as last read here (`PostgresPlannerStore`), and the newest
    /// generation of each that other replicas told of.
    let planners = Mutex(Planners())
    /// What the listening connection heard, once this process listens (`DatabaseChanges`).
    let hearing = Mutex<Hearing?>(nil)

    /// Planners as last read here, by person, for at most `limit` people: past that, one kept is
    /// let go for each one read. One older than a generation another replica told of is never
    /// kept, so while the notifications are heard (`hear()`), one kept here is the current one.
    struct Planners {
        var kept: [Int64: PlannerState] = [:]
        /// The newest generation told of, by person: a read that raced a notification must not
        /// keep what it read once the notification is in.
        private var told: [Int64: UInt64] = [:]
        static let limit = 2_000

        mutating func keep(_ state: PlannerState, of person: Int64) {
            guard state.generation >= told[person] ?? 0 else { return }
            if kept[person] == nil, kept.count >= Self.limit, let any = kept.keys.first {
                kept.removeValue(forKey: any)
            }
            kept[person] = state
        }

        /// Another replica (or this one) committed `generation` of `person`'s planner.
        mutating func heard(_ generation: UInt64, of person: Int64) {
            told[person] = max(told[person] ?? 0, generation)
            if let state = kept[person], state.generation < generation { kept.removeValue(forKey: person) }
        }
    }

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

    /// Changes of sessions and people sent through this process (`accountsVersion`).
    let localAccountChanges = Atomic<UInt64>(0)

    /// Counts a change committed through this process.
    func noteChange() {
        localChanges.add(1, ordering: .relaxed)
    }

    /// Keeps `state` as `person`'s planner as last read here.
    func remember(_ state: PlannerState, of person: Int64) {
        planners.withLock { $0.keep(state, of: person) }
    }

    /// `person`'s planner as last read here, when it may be taken as current without asking:
    /// every change committed elsewhere has been heard of, and none was newer.
    func currentPlanner(of person: Int64) -> PlannerState? {
        guard planners.withLock({ $0.kept[person] }) != nil, hear().current else { return nil }
        return planners.withLock { $0.kept[person] }
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
