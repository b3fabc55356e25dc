import Foundation
import Synchronization

/// The changes other replicas made, as PostgreSQL tells of them: a connection of its own
/// listens on `aura_planners` (a person's planner changed: their id and its new generation) and
/// `aura_accounts` (a session ended, a person changed), and each notification counts one. A
/// replica keeps an answer only while this count stays what it was
/// (`HTTPServer.Settings.outsideChanges`), so a change made through any replica drops the
/// answers every replica kept of it; and it takes a planner it read as current only while no
/// notification told of a newer generation (`PostgresDatabase.Planners`).
///
/// Each look takes in what the server sent first, without waiting. While the connection is
/// lost every look counts as a change, so nothing is kept until it is back; it is opened again
/// at most once a second.
public final class DatabaseChanges: Sendable {
    private let database: PostgresDatabase

    static let channels = ["aura_planners", "aura_accounts"]

    /// Listens for the changes of `database`, on a connection of its own.
    public init(_ database: PostgresDatabase) {
        self.database = database
        database.hearing.withLock { $0 = $0 ?? Hearing() }
        _ = count()
    }

    /// The count of changes heard of so far, with those made through this process counted
    /// the moment they were committed.
    public func count() -> UInt64 {
        database.hear().count &+ database.localChanges.load(ordering: .relaxed)
    }
}

/// The listening connection and what it heard.
struct Hearing {
    var connection: PostgresConnection?
    var count: UInt64 = 0
    /// The notifications on `aura_accounts` among them.
    var accounts: UInt64 = 0
    var lastTry = Date.distantPast
}

extension PostgresDatabase {
    /// Takes in what PostgreSQL sent since the last look, without waiting: the count of
    /// notifications so far, and whether every change committed elsewhere before this look has
    /// been heard (false when nobody listens here or the connection is lost).
    func hear() -> (count: UInt64, accounts: UInt64, current: Bool) {
        hearing.withLock { hearing in
            guard var state = hearing else { return (0, 0, false) }
            defer { hearing = state }
            if let connection = state.connection, let heard = connection.takeNotifications() {
                state.count += UInt64(heard.count)
                state.accounts += UInt64(heard.count { $0.channel == "aura_accounts" })
                planners.withLock { planners in
                    for notification in heard where notification.channel == "aura_planners" {
                        let words = notification.payload.split(separator: " ")
                        if words.count == 2, let person = Int64(words[0]), let generation = UInt64(words[1]) {
                            planners.heard(generation, of: person)
                        } else {
                            planners.kept.removeAll()  // an older replica's notice: whose, it does not say
                        }
                    }
                }
                return (state.count, state.accounts, true)
            }
            state.connection = nil
            state.count += 1
            let now = Date()
            guard now.timeIntervalSince(state.lastTry) >= 1 else { return (state.count, state.accounts, false) }
            state.lastTry = now
            state.connection = try? Self.listening(conninfo)
            // What was said while nobody listened is lost: nothing read before is current.
            if state.connection != nil { planners.withLock { $0.kept.removeAll() } }
            return (state.count, state.accounts, false)
        }
    }

    private static func listening(_ conninfo: String) throws -> PostgresConnection {
        let connection = try PostgresConnection(conninfo)
        for channel in DatabaseChanges.channels { try connection.execute("LISTEN \(channel)") }
        return connection
    }
}
