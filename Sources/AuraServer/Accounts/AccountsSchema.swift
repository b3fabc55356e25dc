import AuraSQL

/// The accounts database's schema, versioned by `PRAGMA user_version`: each migration brings
/// one version to the next, in one transaction, at start-up.
enum AccountsSchema {
    static let migrations: [String] = [
        // 1: people, sessions, failed sign-ins.
        """
        CREATE TABLE people (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          password_hash TEXT NOT NULL,
          created INTEGER NOT NULL
        );
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          csrf TEXT NOT NULL,
          created INTEGER NOT NULL,
          last_seen INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_person ON sessions(person_id);
        CREATE TABLE login_failures (
          key TEXT PRIMARY KEY,
          count INTEGER NOT NULL,
          window_start INTEGER NOT NULL
        );
        """,
        // 2: the actions the browser sent, by their client-made id (a replay is answered, not
        // carried out again), and when each task field was last changed by the client's clock
        // (last writer wins).
        """
        CREATE TABLE applied_actions (
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          action_id TEXT NOT NULL,
          answer TEXT NOT NULL,
          applied INTEGER NOT NULL,
          PRIMARY KEY (person_id, action_id)
        );
        CREATE TABLE field_changes (
          task_id TEXT NOT NULL,
          field TEXT NOT NULL,
          changed INTEGER NOT NULL,
          PRIMARY KEY (task_id, field)
        );
        """,
        // 3: several people: a task field's last change is per person (each has their own store,
        // so `t12` is a different task for each). The changes noted so far were the owner's
        // (the first person); the ones of a database without people are dropped.
        """
        CREATE TABLE field_changes_by_person (
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          task_id TEXT NOT NULL,
          field TEXT NOT NULL,
          changed INTEGER NOT NULL,
          PRIMARY KEY (person_id, task_id, field)
        );
        INSERT INTO field_changes_by_person (person_id, task_id, field, changed)
          SELECT (SELECT MIN(id) FROM people), task_id, field, changed FROM field_changes WHERE EXISTS (SELECT 1 FROM people);
        DROP TABLE field_changes;
        ALTER TABLE field_changes_by_person RENAME TO field_changes;
        """,
        // 4: joining and recovering: one-time invitations and password-reset links and each
        // person's calendar feed secret, all kept only as their SHA-256; a person's full name.
        """
        CREATE TABLE invitations (
          token_hash TEXT PRIMARY KEY,
          created INTEGER NOT NULL,
          expires INTEGER NOT NULL,
          used INTEGER
        );
        CREATE TABLE reset_tokens (
          token_hash TEXT PRIMARY KEY,
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          expires INTEGER NOT NULL,
          used INTEGER
        );
        CREATE INDEX reset_tokens_by_person ON reset_tokens(person_id);
        CREATE TABLE feed_secrets (
          person_id INTEGER PRIMARY KEY REFERENCES people(id) ON DELETE CASCADE,
          secret_hash TEXT NOT NULL UNIQUE,
          created INTEGER NOT NULL
        );
        ALTER TABLE people ADD COLUMN full_name TEXT NOT NULL DEFAULT ''
        """,
        // 5: each person's own reflections, a morning and an evening answer per day, with the
        // client's time of the change (last writer wins; an emptied answer stays, as a change);
        // the address of the calendar each person's days are planned around, when they gave
        // one, with the last fetch's time and problem; each person's Web Push subscriptions
        // (one browser's endpoint may serve several people signed in on it) and the reminders
        // pushed, by trigger.
        """
        CREATE TABLE push_subscriptions (
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          endpoint TEXT NOT NULL,
          profile TEXT NOT NULL,
          p256dh TEXT NOT NULL,
          auth TEXT NOT NULL,
          created INTEGER NOT NULL,
          PRIMARY KEY (person_id, endpoint)
        );
        CREATE TABLE push_sent (
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          notification_id TEXT NOT NULL,
          fire INTEGER NOT NULL,
          PRIMARY KEY (person_id, notification_id, fire)
        );
        CREATE TABLE calendar_sources (
          person_id INTEGER PRIMARY KEY REFERENCES people(id) ON DELETE CASCADE,
          url TEXT NOT NULL,
          fetched INTEGER,
          problem TEXT
        );
        CREATE TABLE reflections (
          person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
          day TEXT NOT NULL,
          part TEXT NOT NULL,
          text TEXT NOT NULL,
          changed INTEGER NOT NULL,
          PRIMARY KEY (person_id, day, part)
        )
        """,
        // Failures back off exponentially from the last one (`Backoff`), and a person hears at
        // their next sign-in how many failed against their name meanwhile.
        """
        DELETE FROM login_failures;
        ALTER TABLE login_failures RENAME COLUMN window_start TO last_failure;
        ALTER TABLE people ADD COLUMN failed_sign_ins INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sessions ADD COLUMN notice TEXT
        """,
        // 7: a reminder is claimed (when) before it is pushed and marked sent after, so one a
        // server died holding is pushed by another; those pushed so far were sent.
        """
        ALTER TABLE push_sent ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE push_sent ADD COLUMN sent INTEGER NOT NULL DEFAULT 1
        """,
        // 8: the server's own keys (Web Push's), which every replica signs with; when a
        // server last took a calendar's refresh on itself.
        """
        CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
        ALTER TABLE calendar_sources ADD COLUMN claimed INTEGER
        """,
        // 9: the form a name is compared in (`UserName.key`: NFKC and case folded), one per
        // person; filled in for earlier people when the accounts open.
        """
        ALTER TABLE people ADD COLUMN name_key TEXT;
        CREATE UNIQUE INDEX people_by_name_key ON people (name_key)
        """
    ]

    struct SchemaError: Error, CustomStringConvertible {
        let description: String
    }

    static func migrate(_ database: any SQLConnection) throws {
        let version = Int(try database.execute("PRAGMA user_version").first?[0].integer ?? 0)
        guard version <= migrations.count else {
            throw SchemaError(
                description:
                    "the accounts database has schema version \(version), newer than this Aura knows (\(migrations.count))"
            )
        }
        for (index, sql) in migrations.enumerated().dropFirst(version) {
            try database.transaction {
                for statement in sql.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
                where !statement.isEmpty {
                    try database.execute(statement)
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
