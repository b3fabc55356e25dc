import AuraSQL
import Foundation
import Platform
import Synchronization

/// The people who may sign in, their sessions and their failed sign-ins, in SQLite
/// (`<state>/aura.sqlite3`, WAL) or in the PostgreSQL database replicas share. Passwords only
/// as Argon2id hashes; session tokens 256 random bits, kept only as their SHA-256.
public final class Accounts: Sendable {
    let database: any SQLDatabase

    /// How long a session lasts without use, and at most.
    public static let idleLifetime: TimeInterval = 7 * 86_400
    public static let absoluteLifetime: TimeInterval = 30 * 86_400
    /// Failed sign-ins that cost nothing, per person from one address and per address, before
    /// each further one waits longer (`Backoff`).
    static let failuresPerNameAndAddress = 5
    static let failuresPerAddress = 20
    /// NIST 800-63B: length, not composition.
    public static let minimumPasswordLength = 12

    /// A signed-in person's session.
    public struct Session: Sendable, Equatable {
        public let personID: Int64
        public let name: String
        /// The token forms must carry back (synchroniser token).
        public let csrf: String
        /// Whether this is the owner, the first person added, whose planner is `Content/planner/`.
        public let isOwner: Bool
        /// Whether something happened while the person was away (`takeNotice`).
        public var hasNotice = false
        /// When the session ends unless used again: its idle or its absolute lifetime runs out.
        public let ends: Date
    }

    /// Why a sign-in did not open a session.
    public enum SignInFailure: Error, Equatable {
        /// The name is unknown or the password wrong: the same answer for both.
        case mismatch
        /// Too many failures lately; try again after this many seconds.
        case throttled(retryAfter: Int)
    }

    /// Why an account could not be changed, in words for the person.
    public struct AccountError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }

        /// The reason as a sentence for a page: a capital first and a full stop.
        var sentence: String { description.prefix(1).uppercased() + description.dropFirst() + "." }
    }

    /// A hash to verify against when the name is unknown, so both answers take as long.
    private let decoyHash: String
    /// Sessions as last read, while the database says no session or person changed since.
    private let keptSessions = KeptSessions()
    /// The database's files (SQLite's and its write-ahead log): while they are unchanged, no
    /// session has ended or changed. None for a database server, which tells of such changes
    /// itself (`HTTPServer.Settings.outsideChanges`).
    let filePaths: [String]

    /// Opens (or creates) the household's SQLite file and brings its schema up to date.
    public convenience init(path: URL) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: path.path)
        chmod(path.path, 0o600)
        try database.withConnection { try AccountsSchema.migrate($0) }
        try self.init(database: database, filePaths: [path.path, path.path + "-wal"])
    }

    /// The accounts in `database`, whose schema is already the one this Aura knows.
    public init(database: any SQLDatabase, filePaths: [String] = []) throws {
        self.database = database
        self.filePaths = filePaths
        decoyHash = try PasswordHash.make(try SecureRandom.token())
        try keyNames()
    }

    /// Gives each person that has none (made before names were keyed) the key their name is
    /// compared by. Of two names with one key, the later account keeps a key no name reaches
    /// (it could only pass for the first) and is named on standard error.
    private func keyNames() throws {
        try database.withConnection { database in
            try database.transaction {
                let unkeyed = try database.execute("SELECT id, name FROM people WHERE name_key IS NULL ORDER BY id")
                for row in unkeyed {
                    guard let id = row[0].integer, let name = row[1].text else { continue }
                    var key = UserName.key(name)
                    if try !database.execute("SELECT 1 FROM people WHERE name_key = ?", [.text(key)]).isEmpty {
                        FileHandle.standardError.write(
                            Data(
                                "aura: '\(name)' (account \(id)) looks like an earlier account's name and can no longer sign in by it; 'aura user remove' with the name in these very characters removes it\n"
                                    .utf8))
                        key = "\u{1}\(id)"
                    }
                    try database.execute("UPDATE people SET name_key = ? WHERE id = ?", [.text(key), .integer(id)])
                }
            }
        }
    }

    /// Adds a person, or sets a new password when `replacing` and the name exists.
    public func setPassword(name: String, password: String, replacing: Bool, now: Date) throws {
        let trimmed = try Self.checkedName(name)
        try PasswordPolicy.check(password)
        let hash = try PasswordHash.make(password)
        try database.withConnection { database in
            try database.transaction {
                let existing = try database.execute(
                    "SELECT id FROM people WHERE name_key = ?", [.text(UserName.key(trimmed))])
                if let id = existing.first?[0].integer {
                    guard replacing else {
                        throw AccountError(
                            description: "'\(trimmed)' already exists; use --replace to set a new password")
                    }
                    try database.execute(
                        "UPDATE people SET password_hash = ? WHERE id = ?", [.text(hash), .integer(id)])
                    try database.execute("DELETE FROM sessions WHERE person_id = ?", [.integer(id)])
                } else {
                    try database.execute(
                        "INSERT INTO people (name, name_key, password_hash, created) VALUES (?, ?, ?, ?)",
                        [
                            .text(trimmed), .text(UserName.key(trimmed)), .text(hash),
                            .integer(Int64(now.timeIntervalSince1970))
                        ])
                }
            }
        }
    }

    /// A user name as kept (`UserName.kept`): 1 to 64 characters on one line, of one alphabet.
    static func checkedName(_ name: String) throws -> String {
        let trimmed = UserName.kept(name)
        guard !trimmed.isEmpty, trimmed.count <= 64,
            !trimmed.contains(where: {
                $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        else {
            throw AccountError(description: "a name is 1 to 64 characters on one line")
        }
        if let confusion = UserName.confusion(in: trimmed) {
            throw AccountError(description: "'\(trimmed)' is refused: \(confusion)")
        }
        return trimmed
    }

    /// The names of everyone who may sign in.
    public func names() throws -> [String] {
        try database.withConnection {
            try $0.execute("SELECT name FROM people ORDER BY name").compactMap { $0[0].text }
        }
    }

    /// Checks a name and password; opens a session and returns its token (for the cookie).
    public func signIn(name: String, password: String, address: String, now: Date) throws -> Result<
        (token: String, session: Session), SignInFailure
    > {
        let pairKey = "name:" + UserName.key(name) + " address:" + address
        let addressKey = "address:" + address
        let (wait, person) = try database.withConnection {
            database -> (Int?, (id: Int64, name: String, hash: String)?) in
            let wait = try Self.takeAttempt(
                database, keys: [(pairKey, Self.failuresPerNameAndAddress), (addressKey, Self.failuresPerAddress)],
                now: now)
            guard wait == nil else { return (wait, nil) }
            let row = try database.execute(
                "SELECT id, name, password_hash FROM people WHERE name_key = ?", [.text(UserName.key(name))]
            ).first
            return (wait, row.flatMap { row in row[0].integer.map { ($0, row[1].text ?? "", row[2].text ?? "") } })
        }
        if let wait { return .failure(.throttled(retryAfter: wait)) }
        // Outside the lock: Argon2id takes a moment and must not hold up other requests.
        let matches = PasswordHash.verify(password, against: person?.hash ?? decoyHash) && person != nil
        return try database.withConnection { database in
            guard matches, let person else {
                if let person {
                    try database.execute(
                        "UPDATE people SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ?", [.integer(person.id)])
                }
                return .failure(.mismatch)
            }
            try Self.forgive(database, attempt: pairKey, countedBy: [addressKey])
            let opened = try Self.openSession(database, personID: person.id, name: person.name, now: now)
            try Self.tellOfFailedSignIns(database, personID: person.id, session: opened.token)
            return .success(opened)
        }
    }

    /// A new session of a person: its token (for the cookie; only its hash is kept) and its
    /// form token, both from OpenSSL.
    static func openSession(_ database: any SQLConnection, personID: Int64, name: String, now: Date) throws -> (
        token: String, session: Session
    ) {
        let token = try SecureRandom.token()
        let csrf = try SecureRandom.token()
        let stamp = Int64(now.timeIntervalSince1970)
        try database.execute(
            "INSERT INTO sessions (token_hash, person_id, csrf, created, last_seen) VALUES (?, ?, ?, ?, ?)",
            [.text(hash(token)), .integer(personID), .text(csrf), .integer(stamp), .integer(stamp)])
        let owner = try ownerID(database) == personID
        return (
            token,
            Session(
                personID: personID, name: name, csrf: csrf, isOwner: owner,
                ends: now + min(idleLifetime, absoluteLifetime))
        )
    }

    /// The live session a cookie's token opens, refreshing its last use; nil when unknown or expired.
    public func session(token: String, now: Date) throws -> Session? {
        let hash = Self.hash(token)
        // Read before the row: a change meanwhile makes what is kept under it stale at once.
        let version = database.accountsVersion
        if let version, let kept = keptSessions.row(hash, version: version), let session = kept.session(at: now) {
            return session
        }
        return try database.withConnection { database in
            guard
                let row = try database.execute(
                    """
                    SELECT s.person_id, p.name, s.csrf, s.created, s.last_seen, s.notice IS NOT NULL,
                        (SELECT MIN(id) FROM people) FROM sessions s JOIN people p ON p.id = s.person_id
                        WHERE s.token_hash = ?
                    """,
                    [.text(hash)]
                ).first,
                let id = row[0].integer, let name = row[1].text, let csrf = row[2].text,
                let created = row[3].integer, let lastSeen = row[4].integer
            else { return nil }
            var found = KeptSessions.Row(
                personID: id, name: name, csrf: csrf, created: created, lastSeen: lastSeen,
                hasNotice: row[5].integer == 1, isOwner: row[6].integer == id)
            let stamp = Int64(now.timeIntervalSince1970)
            guard Double(stamp - lastSeen) < Self.idleLifetime, Double(stamp - created) < Self.absoluteLifetime else {
                try database.execute("DELETE FROM sessions WHERE token_hash = ?", [.text(hash)])
                return nil
            }
            if stamp - lastSeen >= KeptSessions.Row.lastSeenGrain {
                found.lastSeen = stamp
                try database.execute(
                    "UPDATE sessions SET last_seen = ? WHERE token_hash = ?", [.integer(stamp), .text(hash)])
            }
            if let version { keptSessions.keep(found, as: hash, version: version) }
            return found.session(at: now)
        }
    }

    /// The owner: the first person added (their planner is `Content/planner/`, and stays).
    static func ownerID(_ database: any SQLConnection) throws -> Int64? {
        try database.execute("SELECT MIN(id) FROM people").first?[0].integer
    }

    /// Ends the session a token opens.
    public func signOut(token: String) throws {
        try database.withConnection {
            _ = try $0.execute("DELETE FROM sessions WHERE token_hash = ?", [.text(Self.hash(token))])
        }
    }

    static func hash(_ token: String) -> String { Fingerprint.sha256Hex(Array(token.utf8)) }

    /// Leaves a notice on a new session when sign-ins failed against the person's name since
    /// their last one, and starts counting again.
    private static func tellOfFailedSignIns(_ database: any SQLConnection, personID: Int64, session token: String)
        throws
    {
        let failed =
            try database.execute("SELECT failed_sign_ins FROM people WHERE id = ?", [.integer(personID)])
            .first?[0].integer ?? 0
        guard failed > 0 else { return }
        try database.execute("UPDATE people SET failed_sign_ins = 0 WHERE id = ?", [.integer(personID)])
        let notice =
            "\(failed) sign-in\(failed == 1 ? "" : "s") with your name failed since you last signed in. "
            + "If that was not you, your password held; a long, unusual one keeps it so."
        try database.execute(
            "UPDATE sessions SET notice = ? WHERE token_hash = ?", [.text(notice), .text(hash(token))])
    }

    /// The notice left on the session `token` opens, taken: shown once.
    public func takeNotice(token: String) throws -> String? {
        try database.withConnection { database in
            let hash = Self.hash(token)
            guard
                let notice = try database.execute("SELECT notice FROM sessions WHERE token_hash = ?", [.text(hash)])
                    .first?[0].text
            else { return nil }
            try database.execute("UPDATE sessions SET notice = NULL WHERE token_hash = ?", [.text(hash)])
            return notice
        }
    }
}
