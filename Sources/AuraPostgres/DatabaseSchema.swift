/// The tables Aura keeps in PostgreSQL, as numbered migrations: `aura db migrate` runs those a
/// database has not had yet, each in the same transaction as the note of its number, so a
/// migration is applied whole or not at all. A replica refuses a schema older or newer than it
/// knows, and says what to run.
public enum DatabaseSchema {
    /// Migration `n` is `migrations[n - 1]`: its statements, one at a time.
    static let migrations: [[String]] = [
        [
            // A person's planner as one row: the planner folder's files, as their text, and
            // the generation every change through the store raises.
            """
            CREATE TABLE aura_planners (
                person bigint PRIMARY KEY,
                generation bigint NOT NULL DEFAULT 0,
                inbox text,
                store text,
                plan text,
                calendar text
            )
            """
        ]
    ]

    /// The schema this Aura knows.
    public static var current: Int { migrations.count }

    /// Brings `database` up to `current`; returns the version it had and has now. Replicas
    /// starting together take turns (an advisory lock), so each migration runs once.
    @discardableResult
    public static func migrate(_ database: PostgresDatabase) throws -> (from: Int, to: Int) {
        try database.withConnection { connection in
            try connection.transaction {
                try connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
                try connection.execute("CREATE TABLE IF NOT EXISTS aura_schema (version integer NOT NULL)")
                let from = try version(on: connection) ?? 0
                if from == 0 { try connection.execute("INSERT INTO aura_schema (version) VALUES (0)") }
                guard from <= current else { throw newer(from) }
                for (index, statements) in migrations.enumerated() where index + 1 > from {
                    for statement in statements { try connection.execute(statement) }
                }
                try connection.execute("UPDATE aura_schema SET version = $1", [String(current)])
                return (from, current)
            }
        }
    }

    /// Checks that `database` holds the schema this Aura knows; else an error naming what to run.
    public static func check(_ database: PostgresDatabase) throws {
        let version = try database.withConnection { connection in
            let exists = try connection.execute("SELECT to_regclass('aura_schema') IS NOT NULL")
            return exists[0, 0] == "t" ? try Self.version(on: connection) ?? 0 : 0
        }
        if version > current { throw newer(version) }
        if version < current {
            throw PostgresError(
                message: "the database's schema is version \(version) and this aura needs \(current); "
                    + "run 'aura db migrate --database URL' first", state: nil)
        }
    }

    private static func version(on connection: PostgresConnection) throws -> Int? {
        let rows = try connection.execute("SELECT version FROM aura_schema")
        return rows.count == 0 ? nil : rows[0, 0].flatMap { Int($0) }
    }

    private static func newer(_ version: Int) -> PostgresError {
        PostgresError(
            message: "the database's schema is version \(version), newer than this aura knows (\(current)); "
                + "run the aura that migrated it, or a newer one", state: nil)
    }

    /// The advisory lock migrations take turns by ("aura" in ASCII).
    private static let lockKey = 0x6175_7261
}
