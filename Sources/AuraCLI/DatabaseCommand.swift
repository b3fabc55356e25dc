import AuraPostgres

/// `aura db migrate | status --database URL`: the PostgreSQL schema many replicas of `aura
/// serve` share. `migrate` brings it to what this aura knows (each numbered migration once,
/// whole or not at all); `status` says which version it has.
struct DatabaseCommand: Command {
    let spec = CommandSpec(
        name: "db",
        summary: "The PostgreSQL database replicas share: migrate its schema, or show its status.",
        arguments: "migrate | status --database URL",
        options: [
            .value(
                "--database", "URL", "postgres://user@host/name (libpq's URL; TLS and ~/.pgpass as libpq reads them)")
        ],
        positionalCount: 1...1)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        guard let url = arguments.value("--database") else {
            throw UsageError("expected --database postgres://…", spec: spec)
        }
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw UsageError("'\(url)' is not a PostgreSQL address; expected postgres://…", spec: spec)
        }
        switch arguments.positionals[0] {
        case "migrate":
            let database = try PostgresDatabase(url)
            let (from, to) = try DatabaseSchema.migrate(database)
            terminal.print(
                from == to
                    ? "The schema is at version \(to), as this aura needs; nothing to do."
                    : "Migrated the schema from version \(from) to \(to).")
        case "status":
            let database = try PostgresDatabase(url)
            do {
                try DatabaseSchema.check(database)
                terminal.print("The schema is at version \(DatabaseSchema.current), as this aura needs.")
            } catch let error as PostgresError {
                terminal.printError("error: \(error)")
                return 1
            }
        case let other:
            throw UsageError("unknown db command '\(other)'; expected migrate or status", spec: spec)
        }
        return 0
    }
}
