import AuraPostgres
import AuraServer
import AuraUseCases
import Diagnostics
import Foundation

/// `aura db migrate | status | import | export --database URL`: the PostgreSQL database
/// replicas of `aura serve` share. `migrate` brings its schema to what this aura knows (each
/// numbered migration once, whole or not at all); `status` says which version it has; `import`
/// moves each person's planner of a household (the accounts in `--state`, their planners
/// there and in `--content`) into it, and `export` writes them back, the same files.
struct DatabaseCommand: Command {
    let spec = CommandSpec(
        name: "db",
        summary:
            "The PostgreSQL database replicas share: migrate its schema, show its status, import or export planners.",
        arguments: "migrate | status | import | export --database URL",
        options: [
            .value(
                "--database", "URL", "postgres://user@host/name (libpq's URL; TLS and ~/.pgpass as libpq reads them)"),
            .value("--state", "DIR", "import, export: the household server's state folder (default: .aura)"),
            SiteFolders.content
        ],
        positionalCount: 1...1)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        guard let url = arguments.value("--database") else {
            throw UsageError("expected --database postgres://…", spec: spec)
        }
        guard ServerDatabase.isPostgres(url) else {
            throw UsageError("'\(url)' is not a PostgreSQL address; expected postgres://…", spec: spec)
        }
        let command = arguments.positionals[0]
        guard ["migrate", "status", "import", "export"].contains(command) else {
            throw UsageError("unknown db command '\(command)'; expected migrate, status, import or export", spec: spec)
        }
        let database = try PostgresDatabase(url)
        switch command {
        case "migrate":
            let (from, to) = try DatabaseSchema.migrate(database)
            terminal.print(
                from == to
                    ? "The schema is at version \(to), as this aura needs; nothing to do."
                    : "Migrated the schema from version \(from) to \(to).")
        case "status":
            do {
                try DatabaseSchema.check(database)
                terminal.print("The schema is at version \(DatabaseSchema.current), as this aura needs.")
            } catch let error as PostgresError {
                terminal.printError("error: \(error)")
                return 1
            }
        default:
            try DatabaseSchema.check(database)
            let content = SiteFolders(arguments, in: terminal).buildOptions.contentDirectory
            let state = ServerState(terminal.url(for: arguments.value("--state") ?? ".aura"))
            guard command == "export" || FileManager.default.fileExists(atPath: state.accountsDatabase.path) else {
                throw UsageError(
                    "no household server at \(displayPath(state.accountsDatabase)); give its --state folder", spec: spec
                )
            }
            let household = try Accounts(path: state.accountsDatabase)
            let shared = try Accounts(database: database)
            let planners = HouseholdPlanners(content: content, state: state)
            let rows: Int
            if command == "import" {
                rows = try shared.replaceAll(with: household)
                try DatabaseSchema.continuePeopleIDs(database)
            } else {
                rows = try household.replaceAll(with: shared)
            }
            let people = try household.people()
            for person in people {
                let folder = try planners.planner(
                    personID: person.id, isOwner: person.isOwner, preparing: command == "export")
                let row = PostgresPlannerStore(database: database, person: person.id, content: content)
                if command == "import" { try row.copy(from: folder) } else { try folder.copy(from: row) }
            }
            let count = people.count == 1 ? "1 person" : "\(people.count) people"
            terminal.print(
                command == "import"
                    ? "Copied the accounts (\(rows) rows) and the planners of \(count) into the database."
                    : "Wrote the accounts (\(rows) rows) and the planners of \(count) from the database into \(displayPath(state.accountsDatabase.deletingLastPathComponent()))."
            )
        }
        return 0
    }
}
