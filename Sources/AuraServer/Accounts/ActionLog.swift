import Foundation

/// What the server remembers of the browser's actions, in the accounts database: each action's
/// client-made id with its answer, so an action replayed from an offline queue is answered again
/// instead of carried out twice; and, per task field, the client's time of the change last
/// applied to it, so an older change that arrives late loses (last writer wins).
extension Accounts {
    /// The answer given to `actionID` of `personID`, when it was carried out before.
    func answer(toAction actionID: String, of personID: Int64) throws -> String? {
        try database.withLock { database in
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
        try database.withLock { database in
            _ = try database.execute(
                "DELETE FROM applied_actions WHERE applied < ?",
                [.integer(Int64(now.timeIntervalSince1970 - Self.actionMemory))])
            _ = try database.execute(
                "INSERT OR IGNORE INTO applied_actions (person_id, action_id, answer, applied) VALUES (?, ?, ?, ?)",
                [.integer(personID), .text(actionID), .text(answer), .integer(Int64(now.timeIntervalSince1970))])
        }
    }

    /// When (client milliseconds) each of `fields` of `personID`'s `taskID` was last changed; absent when never.
    func lastChanges(of taskID: String, _ fields: [String], of personID: Int64) throws -> [String: Int64] {
        try database.withLock { database in
            var changes: [String: Int64] = [:]
            for field in fields {
                if let changed = try database.execute(
                    "SELECT changed FROM field_changes WHERE person_id = ? AND task_id = ? AND field = ?",
                    [.integer(personID), .text(taskID), .text(field)]
                ).first?[0].integer {
                    changes[field] = changed
                }
            }
            return changes
        }
    }

    /// Notes the client time of a change applied to `field` of `personID`'s `taskID`.
    func noteChange(of taskID: String, _ field: String, at changed: Int64, of personID: Int64) throws {
        try database.withLock { database in
            _ = try database.execute(
                """
                INSERT INTO field_changes (person_id, task_id, field, changed) VALUES (?, ?, ?, ?)
                ON CONFLICT(person_id, task_id, field) DO UPDATE SET changed = excluded.changed
                """, [.integer(personID), .text(taskID), .text(field), .integer(changed)])
        }
    }
}
