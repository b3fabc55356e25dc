import AuraSQL
import Foundation

/// What the server remembers of the browser's actions, in the accounts database: each action's
/// client-made id with its answer, so an action replayed from an offline queue is answered again
/// instead of carried out twice. (Each task field's last change time lived here too; it now lives
/// in the person's own store, beside the task.)
extension Accounts {
    /// The answer given to `actionID` of `personID`, when it was carried out before.
    func answer(toAction actionID: String, of personID: Int64) throws -> String? {
        try database.withConnection { database in
            try database.execute(
                "SELECT answer FROM applied_actions WHERE person_id = ? AND action_id = ?",
                [.integer(personID), .text(actionID)]
            ).first?[0].text
        }
    }

    /// How long an action's id is remembered: far longer than any queue waits offline.
    static let actionMemory: TimeInterval = 90 * 86_400

    /// Remembers that `actionID` was carried out, with its answer (and forgets ids past `actionMemory`).
    func record(action actionID: String, of personID: Int64, answer: String, now: Date) throws {
        try database.withConnection { database in
            _ = try database.execute(
                "DELETE FROM applied_actions WHERE applied < ?",
                [.integer(Int64(now.timeIntervalSince1970 - Self.actionMemory))])
            _ = try database.execute(
                """
                INSERT INTO applied_actions (person_id, action_id, answer, applied) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """,
                [.integer(personID), .text(actionID), .text(answer), .integer(Int64(now.timeIntervalSince1970))])
        }
    }

    /// The task fields' change times kept here before they moved into each person's store
    /// (tasks.json version 3), by person; they are forgotten once `forget` runs.
    func fieldChangesKeptHere() throws -> [Int64: [(task: String, field: String, changed: Int64)]] {
        try database.withConnection { database in
            var kept: [Int64: [(task: String, field: String, changed: Int64)]] = [:]
            for row in try database.execute("SELECT person_id, task_id, field, changed FROM field_changes") {
                guard let person = row[0].integer, let task = row[1].text, let field = row[2].text,
                    let changed = row[3].integer
                else { continue }
                kept[person, default: []].append((task, field, changed))
            }
            return kept
        }
    }

    /// Forgets the change times of `personID` kept here, once they are in the person's store.
    func forgetFieldChanges(of personID: Int64) throws {
        try database.withConnection { database in
            _ = try database.execute("DELETE FROM field_changes WHERE person_id = ?", [.integer(personID)])
        }
    }
}
