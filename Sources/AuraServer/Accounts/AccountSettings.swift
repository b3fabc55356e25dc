import Foundation

/// What a signed-in person changes about their own account.
extension Accounts {
    /// Sets a new password when `current` is right, and ends every session of theirs but `keeping`.
    public func changePassword(personID: Int64, current: String, new password: String, keeping token: String) throws {
        let stored = try database.withLock { database in
            try database.execute("SELECT password_hash FROM people WHERE id = ?", [.integer(personID)]).first?[0].text
        }
        guard let stored, PasswordHash.verify(current, against: stored) else {
            throw AccountError(description: "the current password is not right")
        }
        try PasswordPolicy.check(password)
        let hash = try PasswordHash.make(password)
        try database.withLock { database in
            try database.transaction {
                try database.execute(
                    "UPDATE people SET password_hash = ? WHERE id = ?", [.text(hash), .integer(personID)])
                try database.execute(
                    "DELETE FROM sessions WHERE person_id = ? AND token_hash != ?",
                    [.integer(personID), .text(Self.hash(token))])
            }
        }
    }

    /// Ends every session of a person, this one too.
    public func signOutEverywhere(personID: Int64) throws {
        try database.withLock { _ = try $0.execute("DELETE FROM sessions WHERE person_id = ?", [.integer(personID)]) }
    }
}
