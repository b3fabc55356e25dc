import AuraSQL
import Foundation
import Synchronization

/// Sessions as last read from a database that counts every change to sessions and people,
/// wherever it was made (`SQLDatabase.accountsVersion`, PostgreSQL's notifications): while the
/// count stands, a cookie is checked without asking the database. Any change drops them all.
final class KeptSessions: Sendable {
    /// A session's row as read, with what tells when it ends.
    struct Row: Sendable {
        let personID: Int64
        let name: String
        let csrf: String
        let created: Int64
        var lastSeen: Int64
        let hasNotice: Bool
        let isOwner: Bool

        /// How stale a session's last use may be before it is written again, in seconds.
        static let lastSeenGrain: Int64 = 60

        /// The session at `now`; nil when it has ended, or its last use must be written first.
        func session(at now: Date) -> Accounts.Session? {
            let stamp = Int64(now.timeIntervalSince1970)
            guard stamp - lastSeen < Self.lastSeenGrain, Double(stamp - created) < Accounts.absoluteLifetime else {
                return nil
            }
            return Accounts.Session(
                personID: personID, name: name, csrf: csrf, isOwner: isOwner, hasNotice: hasNotice,
                ends: Date(
                    timeIntervalSince1970: min(
                        Double(lastSeen) + Accounts.idleLifetime, Double(created) + Accounts.absoluteLifetime)))
        }
    }

    private let state = Mutex<(version: UInt64, rows: [String: Row])>((0, [:]))
    static let limit = 10_000

    /// The row kept for the token hash `hash`, if the count of changes is still `version`.
    func row(_ hash: String, version: UInt64) -> Row? {
        state.withLock { state in
            guard state.version == version else {
                state = (version, [:])
                return nil
            }
            return state.rows[hash]
        }
    }

    /// Keeps `row` under `hash`, read while the count of changes was `version`.
    func keep(_ row: Row, as hash: String, version: UInt64) {
        state.withLock { state in
            guard state.version == version else { return }
            if state.rows.count >= Self.limit { state.rows.removeAll() }
            state.rows[hash] = row
        }
    }
}
