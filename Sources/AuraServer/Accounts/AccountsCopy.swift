import AuraSQL

/// Moving a household between databases (`aura db import`, `aura db export`): every table of
/// the accounts, row by row with their ids, in an order that keeps each reference valid.
extension Accounts {
    /// The tables and their columns, a person's first and the rows that name a person after.
    static let tables: [(name: String, columns: [String])] = [
        ("people", ["id", "name", "name_key", "password_hash", "created", "full_name", "failed_sign_ins"]),
        ("sessions", ["token_hash", "person_id", "csrf", "created", "last_seen", "notice"]),
        ("login_failures", ["key", "count", "last_failure"]),
        ("applied_actions", ["person_id", "action_id", "answer", "applied"]),
        ("field_changes", ["person_id", "task_id", "field", "changed"]),
        ("invitations", ["token_hash", "created", "expires", "used"]),
        ("reset_tokens", ["token_hash", "person_id", "expires", "used"]),
        ("feed_secrets", ["person_id", "secret_hash", "created"]),
        ("push_subscriptions", ["person_id", "endpoint", "profile", "p256dh", "auth", "created"]),
        ("push_sent", ["person_id", "notification_id", "fire", "claimed", "sent"]),
        ("calendar_sources", ["person_id", "url", "fetched", "problem", "claimed"]),
        ("reflections", ["person_id", "day", "part", "text", "changed"]),
        ("server_keys", ["name", "value"])
    ]

    /// Makes these accounts hold exactly what `source` holds, in one transaction; returns how
    /// many rows were copied. A planner the database keeps by person goes with its person, so
    /// planners are copied after.
    @discardableResult
    public func replaceAll(with source: Accounts) throws -> Int {
        let rows = try source.database.withConnection { connection in
            try Self.tables.map { table in
                try connection.execute("SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)")
            }
        }
        return try database.withConnection { connection in
            try connection.transaction {
                for table in Self.tables.reversed() {
                    try connection.execute("DELETE FROM \(table.name)")
                }
                var copied = 0
                for (table, tableRows) in zip(Self.tables, rows) {
                    let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
                    for row in tableRows {
                        try connection.execute(
                            "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(marks))",
                            row)
                        copied += 1
                    }
                }
                return copied
            }
        }
    }
}
