import Foundation
import Synchronization

/// The changes other replicas made, as PostgreSQL tells of them: a connection of its own
/// listens on `aura_planners` (a person's planner changed) and `aura_accounts` (a session
/// ended, a person changed), and each notification counts one. A replica keeps an answer only
/// while this count stays what it was (`HTTPServer.Settings.outsideChanges`), so a change made
/// through any replica drops the answers every replica kept of it.
///
/// Each look takes in what the server sent first, without waiting. While the connection is
/// lost every look counts as a change, so nothing is kept until it is back; it is opened again
/// at most once a second.
public final class DatabaseChanges: Sendable {
    private let database: PostgresDatabase
    private let state: Mutex<(connection: PostgresConnection?, count: UInt64, lastTry: Date)>

    static let channels = ["aura_planners", "aura_accounts"]

    /// Listens for the changes of `database`, on a connection of its own.
    public init(_ database: PostgresDatabase) {
        self.database = database
        state = Mutex((nil, 0, .distantPast))
        _ = count()
    }

    /// The count of changes heard of so far, with those made through this process counted
    /// the moment they were committed.
    public func count() -> UInt64 {
        heard() &+ database.localChanges.load(ordering: .relaxed)
    }

    private func heard() -> UInt64 {
        state.withLock { state in
            if let connection = state.connection, let heard = connection.takeNotifications() {
                state.count += UInt64(heard)
                return state.count
            }
            state.connection = nil
            state.count += 1
            let now = Date()
            guard now.timeIntervalSince(state.lastTry) >= 1 else { return state.count }
            state.lastTry = now
            state.connection = try? Self.listening(database.conninfo)
            return state.count
        }
    }

    private static func listening(_ conninfo: String) throws -> PostgresConnection {
        let connection = try PostgresConnection(conninfo)
        for channel in channels { try connection.execute("LISTEN \(channel)") }
        return connection
    }
}
