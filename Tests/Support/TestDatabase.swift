import AuraPostgres
import AuraSQL
import Foundation
import Platform

/// The PostgreSQL the tests run against: the throwaway cluster `pg_virtualenv` starts around
/// `swift test` (`make test-swift`), reached through libpq's environment (`PGHOST`, `PGPORT`,
/// `PGUSER`, `PGPASSWORD`). Without one, every test that needs it fails and says why; none is
/// skipped.
public enum TestDatabase {
    /// One database for the tests that keep apart by themselves (each its own person), its
    /// schema migrated once.
    public static let shared: Result<PostgresDatabase, any Error> = Result {
        let database = try PostgresDatabase(try conninfo(name: nil))
        try DatabaseSchema.migrate(database)
        return database
    }

    /// A new, empty database of its own, with the schema this Aura knows.
    public static func fresh() throws -> PostgresDatabase {
        let name =
            "aura_test_" + (try SecureRandom.token().lowercased().filter { $0.isLetter || $0.isNumber }.prefix(16))
        let server = try PostgresDatabase(try conninfo(name: nil))
        try server.withConnection { connection in _ = try connection.execute("CREATE DATABASE \(name)") }
        let database = try PostgresDatabase(try conninfo(name: name))
        try DatabaseSchema.migrate(database)
        return database
    }

    /// Adds someone to `database` (a planner belongs to a person); returns their id.
    public static func newPerson(in database: PostgresDatabase) throws -> Int64 {
        try database.withConnection { connection in
            let rows = try connection.execute(
                "INSERT INTO people (name, password_hash, created) VALUES (?, '', 0) RETURNING id",
                [.text("person " + UUID().uuidString)])
            guard let id = rows.first?[0].integer else { throw PostgresError(message: "no id", state: nil) }
            return id
        }
    }

    /// libpq's words for the cluster, naming the database `name` (nil: libpq's default).
    public static func conninfo(name: String?) throws -> String {
        guard ProcessInfo.processInfo.environment["PGHOST"] != nil else {
            throw PostgresError(
                message: "no PostgreSQL to test against: run the tests inside pg_virtualenv, as 'make test-swift' does",
                state: nil)
        }
        return name.map { "dbname=\($0)" } ?? ""
    }
}
