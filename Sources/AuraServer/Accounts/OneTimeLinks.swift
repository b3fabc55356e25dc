import AuraSQL
import Foundation
import Platform

/// Links that stand for a secret: an invitation to join, a password reset, a person's calendar
/// feed. Each secret is 256 random bits handed out once and kept only as its SHA-256, so the
/// database alone opens nothing. Invitations and resets are single-use and expire.
extension Accounts {
    /// How long an invitation and a reset link last.
    public static let invitationLifetime: TimeInterval = 7 * 86_400
    public static let resetLifetime: TimeInterval = 30 * 60

    /// A new invitation's secret (for `/signup/?invite=…`).
    public func invite(now: Date) throws -> String {
        let token = try SecureRandom.token()
        let stamp = Int64(now.timeIntervalSince1970)
        try database.withConnection { database in
            _ = try database.execute("DELETE FROM invitations WHERE expires < ?", [.integer(stamp)])
            _ = try database.execute(
                "INSERT INTO invitations (token_hash, created, expires) VALUES (?, ?, ?)",
                [.text(Self.hash(token)), .integer(stamp), .integer(stamp + Int64(Self.invitationLifetime))])
        }
        return token
    }

    /// Whether an invitation's secret is unused and unexpired.
    public func invitationIsOpen(_ token: String, now: Date) throws -> Bool {
        try database.withConnection { database in
            try database.execute(
                "SELECT 1 FROM invitations WHERE token_hash = ? AND used IS NULL AND expires > ?",
                [.text(Self.hash(token)), .integer(Int64(now.timeIntervalSince1970))]
            ).isEmpty == false
        }
    }

    /// Marks an open invitation used, inside the transaction that adds the person; false when it was not open.
    static func redeem(invitation token: String, _ database: any SQLConnection, now: Date) throws -> Bool {
        let stamp = Int64(now.timeIntervalSince1970)
        // One statement, so of two redeeming at once only one finds it open.
        return try !database.execute(
            "UPDATE invitations SET used = ? WHERE token_hash = ? AND used IS NULL AND expires > ? RETURNING 1",
            [.integer(stamp), .text(hash(token)), .integer(stamp)]
        ).isEmpty
    }

    /// A reset link's secret for `name`, or nil when no such person exists. Earlier links of theirs stop working.
    public func resetToken(name: String, now: Date) throws -> String? {
        let token = try SecureRandom.token()
        let stamp = Int64(now.timeIntervalSince1970)
        return try database.withConnection { database in
            guard
                let id = try database.execute("SELECT id FROM people WHERE name_key = ?", [.text(UserName.key(name))])
                    .first?[0].integer
            else { return nil }
            try database.transaction {
                _ = try database.execute(
                    "DELETE FROM reset_tokens WHERE person_id = ? OR expires < ?", [.integer(id), .integer(stamp)])
                _ = try database.execute(
                    "INSERT INTO reset_tokens (token_hash, person_id, expires) VALUES (?, ?, ?)",
                    [.text(Self.hash(token)), .integer(id), .integer(stamp + Int64(Self.resetLifetime))])
            }
            return token
        }
    }

    /// Reset mails that cost nothing, per address asking and per name asked for from one
    /// address, before each further one waits longer (`Backoff`).
    static let resetMailsPerAddress = 5
    static let resetMailsPerNameAndAddress = 3

    /// Whether another reset mail may go out for this request; each request counts. (The page
    /// answers the same either way: a flood reaches neither the mailbox nor the SMTP server.)
    /// No count is kept per name alone, which anyone could use up to keep its owner's mail away.
    public func mayMailReset(name: String, address: String, now: Date) throws -> Bool {
        let keys = [
            ("forgot:" + address, Self.resetMailsPerAddress),
            ("forgot-name:" + UserName.key(name) + " address:" + address, Self.resetMailsPerNameAndAddress)
        ]
        return try database.withConnection { try Self.takeAttempt($0, keys: keys, now: now) == nil }
    }

    /// The name a reset link is for, while it is unused and unexpired.
    public func resetName(token: String, now: Date) throws -> String? {
        try database.withConnection { database in
            try database.execute(
                """
                SELECT p.name FROM reset_tokens r JOIN people p ON p.id = r.person_id
                WHERE r.token_hash = ? AND r.used IS NULL AND r.expires > ?
                """, [.text(Self.hash(token)), .integer(Int64(now.timeIntervalSince1970))]
            ).first?[0].text
        }
    }

    /// Tries of a reset link per address before each further one waits longer (`Backoff`).
    static let resetsPerAddress = 10

    /// What came of setting a new password through a reset link.
    public enum ResetOutcome: Equatable, Sendable {
        case done
        /// The link is unknown, used or expired.
        case linkNotOpen
        case throttled(retryAfter: Int)
    }

    /// Sets a new password through a reset link, once: the link is spent and every session of
    /// the person ends. Each try counts against the address, and the link is looked up before
    /// any password is hashed.
    public func reset(token: String, password: String, address: String, now: Date) throws -> ResetOutcome {
        let key = "reset:" + address
        if let wait = try database.withConnection({
            try Self.takeAttempt($0, keys: [(key, Self.resetsPerAddress)], now: now)
        }) {
            return .throttled(retryAfter: wait)
        }
        guard try resetName(token: token, now: now) != nil else { return .linkNotOpen }
        try PasswordPolicy.check(password)
        let hash = try PasswordHash.make(password)
        let stamp = Int64(now.timeIntervalSince1970)
        return try database.withConnection { database in
            try database.transaction {
                guard
                    let id = try database.execute(
                        """
                        UPDATE reset_tokens SET used = ? WHERE token_hash = ? AND used IS NULL AND expires > ?
                        RETURNING person_id
                        """, [.integer(stamp), .text(Self.hash(token)), .integer(stamp)]
                    ).first?[0].integer
                else { return .linkNotOpen }
                try database.execute("UPDATE people SET password_hash = ? WHERE id = ?", [.text(hash), .integer(id)])
                try database.execute("DELETE FROM sessions WHERE person_id = ?", [.integer(id)])
                try Self.forgive(database, attempt: key, countedBy: [])
                return .done
            }
        }
    }

    /// A new secret for `personID`'s calendar feed (`/feed/<secret>.ics`); the old one stops working.
    public func rotateFeed(personID: Int64, now: Date) throws -> String {
        let token = try SecureRandom.token()
        try database.withConnection { database in
            _ = try database.execute(
                """
                INSERT INTO feed_secrets (person_id, secret_hash, created) VALUES (?, ?, ?)
                ON CONFLICT(person_id) DO UPDATE SET secret_hash = excluded.secret_hash, created = excluded.created
                """, [.integer(personID), .text(Self.hash(token)), .integer(Int64(now.timeIntervalSince1970))])
        }
        return token
    }

    /// The person whose calendar feed a secret opens.
    public func feedOwner(secret: String) throws -> (id: Int64, name: String, isOwner: Bool)? {
        try database.withConnection { database in
            guard
                let row = try database.execute(
                    "SELECT f.person_id, p.name FROM feed_secrets f JOIN people p ON p.id = f.person_id WHERE f.secret_hash = ?",
                    [.text(Self.hash(secret))]
                ).first,
                let id = row[0].integer, let name = row[1].text
            else { return nil }
            return (id, name, try Self.ownerID(database) == id)
        }
    }
}
