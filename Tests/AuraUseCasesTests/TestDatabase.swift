import AuraPostgres
import Foundation

/// The PostgreSQL the tests run against: the throwaway cluster `pg_virtualenv` starts around
/// `swift test` (`make test-swift`), reached through libpq's environment (`PGHOST`, `PGPORT`,
/// `PGUSER`, `PGPASSWORD`), its schema migrated once. Without one, every test that needs it
/// fails and says why; none is skipped.
enum TestDatabase {
    static let shared: Result<PostgresDatabase, any Error> = Result {
        guard ProcessInfo.processInfo.environment["PGHOST"] != nil else {
            throw PostgresError(
                message: "no PostgreSQL to test against: run the tests inside pg_virtualenv, as 'make test-swift' does",
                state: nil)
        }
        let database = try PostgresDatabase("")
        try DatabaseSchema.migrate(database)
        return database
    }
}
