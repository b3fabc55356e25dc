import AuraPostgres
import AuraServer
import AuraUseCases
import Foundation

/// `--database URL` of `aura serve` and `aura user`: where the accounts and everyone's planner
/// are kept. `sqlite:PATH` (or nothing: `<state>/aura.sqlite3`) is the household on one
/// machine, planners in the state folder; `postgres://…` the database replicas share, which
/// holds the planners too.
enum ServerDatabase {
    case sqlite(URL)
    case postgres(String)

    static let option = CommandSpec.Option.value(
        "--database", "URL",
        "sqlite:PATH (default: <state>/aura.sqlite3) or postgres://user@host/name, which replicas share")

    /// The database `--database` names, or the state folder's SQLite file.
    init(_ arguments: ParsedArguments, state: ServerState, in terminal: Terminal, spec: CommandSpec) throws {
        guard let text = arguments.value("--database") else {
            self = .sqlite(state.accountsDatabase)
            return
        }
        if Self.isPostgres(text) {
            self = .postgres(text)
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqlite(terminal.url(for: String(text.dropFirst("sqlite:".count))))
        } else {
            throw UsageError("--database expects sqlite:PATH or postgres://…, got '\(text)'", spec: spec)
        }
    }

    /// Whether `text` is a PostgreSQL address (libpq's URL forms).
    static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The accounts, and where everyone's planner is: for PostgreSQL after checking the schema
    /// is the one this aura knows (else the command to run).
    func open(content: URL, state: ServerState) throws -> (
        accounts: Accounts, planners: (any PlannerDirectory)?, changes: DatabaseChanges?
    ) {
        switch self {
        case .sqlite(let path):
            return (try Accounts(path: path), nil, nil)
        case .postgres(let conninfo):
            let database = try PostgresDatabase(conninfo)
            try DatabaseSchema.check(database)
            return (
                try Accounts(database: database), DatabasePlanners(database: database, content: content),
                DatabaseChanges(database)
            )
        }
    }
}
