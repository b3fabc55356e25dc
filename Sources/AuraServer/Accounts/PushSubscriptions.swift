import AuraSQL
import Foundation

/// Each person's Web Push subscriptions, in the accounts database: a browser's endpoint with
/// the keys its messages are encrypted to (RFC 8291), and the profile it was made under.
extension Accounts {
    struct PushSubscription: Sendable, Equatable {
        let endpoint: String
        /// The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
        let p256dh: Data
        let auth: Data
        let profile: String
    }

    /// Subscriptions one person keeps: a browser's endpoint changes now and then, and every
    /// reminder and test push goes to each.
    static let pushSubscriptionLimit = 20

    /// Keeps `subscription` for `personID`; false when that person already had that endpoint
    /// (its keys and profile are brought up to date). A subscription past the limit replaces
    /// the person's oldest.
    func addPushSubscription(_ subscription: PushSubscription, of personID: Int64, now: Date) throws -> Bool {
        try database.withConnection { database in
            try database.transaction {
                let known = try !database.execute(
                    "SELECT 1 FROM push_subscriptions WHERE person_id = ? AND endpoint = ?",
                    [.integer(personID), .text(subscription.endpoint)]
                ).isEmpty

                _ = try database.execute(
                    """
                    INSERT INTO push_subscriptions (person_id, endpoint, profile, p256dh, auth, created)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (person_id, endpoint) DO UPDATE
                    SET profile = excluded.profile, p256dh = excluded.p256dh, auth = excluded.auth
                    """,
                    [
                        .integer(personID), .text(subscription.endpoint), .text(subscription.profile),
                        .text(subscription.p256dh.base64EncodedString()),
                        .text(subscription.auth.base64EncodedString()),
                        .integer(Int64(now.timeIntervalSince1970))
                    ])
                try database.execute(
                    """
                    DELETE FROM push_subscriptions WHERE person_id = ? AND endpoint NOT IN (
                      SELECT endpoint FROM push_subscriptions WHERE person_id = ?
                      ORDER BY created DESC, endpoint = ? DESC, endpoint LIMIT ?)
                    """,
                    [
                        .integer(personID), .integer(personID), .text(subscription.endpoint),
                        .integer(Int64(Self.pushSubscriptionLimit))
                    ])
                return !known
            }
        }
    }

    /// Forgets `personID`'s subscription at `endpoint`.
    func removePushSubscription(_ endpoint: String, of personID: Int64) throws {
        try database.withConnection { database in
            _ = try database.execute(
                "DELETE FROM push_subscriptions WHERE person_id = ? AND endpoint = ?",
                [.integer(personID), .text(endpoint)])
        }
    }

    /// `personID`'s subscriptions.
    func pushSubscriptions(of personID: Int64) throws -> [PushSubscription] {
        let rows = try database.withConnection { database in
            try database.execute(
                "SELECT endpoint, p256dh, auth, profile FROM push_subscriptions WHERE person_id = ? ORDER BY endpoint",
                [.integer(personID)])
        }
        return rows.compactMap { row in
            guard let endpoint = row[0].text, let key = row[1].text.flatMap({ Data(base64Encoded: $0) }),
                let auth = row[2].text.flatMap({ Data(base64Encoded: $0) }), let profile = row[3].text
            else { return nil }
            return PushSubscription(endpoint: endpoint, p256dh: key, auth: auth, profile: profile)
        }
    }

    /// Everyone with at least one subscription.
    func peopleWithPushSubscriptions() throws -> [Person] {
        let subscribed = try database.withConnection { database in
            Set(try database.execute("SELECT DISTINCT person_id FROM push_subscriptions").compactMap { $0[0].integer })
        }
        return try people().filter { subscribed.contains($0.id) }
    }

    /// What became of a claim on a reminder (`claimPush`).
    enum PushClaim: Equatable {
        /// This server pushes it now, and says so after (`notePushSent`).
        case claimed
        /// It was pushed before (a restart, or another replica).
        case sent
        /// Another server claimed it moments ago; ask again later: if that one died before
        /// pushing, its claim lapses after `claimLifetime`.
        case heldElsewhere
    }

    /// How long a claim keeps other servers from pushing a reminder.
    static let claimLifetime: TimeInterval = 30

    /// Claims the reminder `notificationID` with trigger `fire` of `personID`, in one statement,
    /// so of the servers that ask at once exactly one is told `.claimed`.
    func claimPush(_ notificationID: String, fire: Date, of personID: Int64, now: Date) throws -> PushClaim {
        let key: [SQLValue] = [
            .integer(personID), .text(notificationID), .integer(Int64(fire.timeIntervalSince1970))
        ]
        let stamp = Int64(now.timeIntervalSince1970)
        return try database.withConnection { database in
            let claimed = try database.execute(
                """
                INSERT INTO push_sent (person_id, notification_id, fire, claimed, sent) VALUES (?, ?, ?, ?, 0)
                ON CONFLICT (person_id, notification_id, fire) DO UPDATE SET claimed = excluded.claimed
                WHERE push_sent.sent = 0 AND push_sent.claimed <= ?
                RETURNING 1
                """, key + [.integer(stamp), .integer(stamp - Int64(Self.claimLifetime))])
            if !claimed.isEmpty { return .claimed }
            let sent = try database.execute(
                "SELECT sent FROM push_sent WHERE person_id = ? AND notification_id = ? AND fire = ?", key)
            return sent.first?[0].integer == 1 ? .sent : .heldElsewhere
        }
    }

    /// Records that the claimed reminder was pushed: no server pushes it again.
    func notePushSent(_ notificationID: String, fire: Date, of personID: Int64) throws {
        try database.withConnection { database in
            _ = try database.execute(
                "UPDATE push_sent SET sent = 1 WHERE person_id = ? AND notification_id = ? AND fire = ?",
                [.integer(personID), .text(notificationID), .integer(Int64(fire.timeIntervalSince1970))])
        }
    }
}
