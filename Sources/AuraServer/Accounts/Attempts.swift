import AuraSQL
import Foundation

/// Attempts that cost (a password checked with Argon2id, a mail sent, an account made), counted
/// per key in `login_failures` before they are made: many sent at once from one address reach
/// the costly part no more often than one after another would.
extension Accounts {
    /// Counts an attempt against every key at once and returns nil, when no key's failures hold
    /// it up (`Backoff`, each key with the failures it may have for free); otherwise the seconds
    /// to wait, and nothing is counted. The attempt counts as a failure until it is forgiven.
    static func takeAttempt(_ database: any SQLConnection, keys: [(String, Int)], now: Date) throws -> Int? {
        let stamp = Int64(now.timeIntervalSince1970)
        return try database.transaction {
            var wait: Int?
            for (key, free) in keys {
                try database.execute(
                    "INSERT INTO login_failures (key, count, last_failure) VALUES (?, 0, 0) ON CONFLICT(key) DO NOTHING",
                    [.text(key)])
                // An update that changes nothing holds the row (PostgreSQL) until the count is taken;
                // SQLite's transaction holds the whole file.
                guard
                    let row = try database.execute(
                        "UPDATE login_failures SET count = count WHERE key = ? RETURNING count, last_failure",
                        [.text(key)]
                    ).first,
                    let count = row[0].integer, let last = row[1].integer,
                    let remaining = Backoff.wait(failures: Int(count), free: free, since: Int(stamp - last))
                else { continue }
                wait = max(wait ?? 0, remaining)
            }
            guard wait == nil else { return wait }
            for (key, _) in keys {
                try database.execute(
                    """
                    UPDATE login_failures SET
                      count = CASE WHEN ? - last_failure >= ? THEN 1 ELSE count + 1 END, last_failure = ?
                    WHERE key = ?
                    """,
                    [.integer(stamp), .integer(Int64(Backoff.memory)), .integer(stamp), .text(key)])
            }
            return nil
        }
    }

    /// An attempt that succeeded: `key` starts over, and the attempt no longer counts against
    /// `others` (an address a household shares).
    static func forgive(_ database: any SQLConnection, attempt key: String, countedBy others: [String]) throws {
        try database.execute("DELETE FROM login_failures WHERE key = ?", [.text(key)])
        for other in others {
            try database.execute(
                "UPDATE login_failures SET count = CASE WHEN count > 0 THEN count - 1 ELSE 0 END WHERE key = ?",
                [.text(other)])
        }
    }
}
