import AuraSQL
import Foundation

/// What a signed-in person changes about their own account.
extension Accounts {
    /// Sets a new password when `current` is right, ends every session of theirs (this one
    /// too: a token seen before the change opens nothing after it), and opens a new one for
    /// this browser. Wrong current passwords are throttled as sign-ins are.
    public func changePassword(
        personID: Int64, current: String, new password: String, address: String, now: Date
    ) throws -> (token: String, session: Session) {
        let name = try confirmPassword(current, of: personID, address: address, now: now)
        try PasswordPolicy.check(password)
        let hash = try PasswordHash.make(password)
        return try database.withConnection { database in
            try database.transaction {
                try database.execute(
                    "UPDATE people SET password_hash = ? WHERE id = ?", [.text(hash), .integer(personID)])
                try database.execute("DELETE FROM sessions WHERE person_id = ?", [.integer(personID)])
                return try Self.openSession(database, personID: personID, name: name, now: now)
            }
        }
    }

    /// Checks a signed-in person's own password before a change that needs it (a new
    /// password, deleting the account); returns their name. Wrong ones are throttled per
    /// person from an address and per address, as sign-ins are: a stolen session cannot try
    /// passwords at speed.
    public func confirmPassword(_ password: String, of personID: Int64, address: String, now: Date) throws -> String {
        let key = "current-password:\(personID) address:" + address
        let addressKey = "address:" + address
        let (wait, stored) = try database.withConnection { database in
            let wait = try Self.takeAttempt(
                database, keys: [(key, Self.failuresPerNameAndAddress), (addressKey, Self.failuresPerAddress)], now: now
            )
            return (
                wait,
                wait != nil
                    ? nil
                    : try database.execute("SELECT password_hash, name FROM people WHERE id = ?", [.integer(personID)])
                        .first
            )
        }
        if let wait {
            throw AccountError(
                description: "too many wrong passwords: try again in \(Backoff.phrase(wait))")
        }
        guard let hashed = stored?[0].text, let name = stored?[1].text, PasswordHash.verify(password, against: hashed)
        else {
            throw AccountError(description: "the password is not right")
        }
        try database.withConnection { try Self.forgive($0, attempt: key, countedBy: [addressKey]) }
        return name
    }

    /// Ends every session of a person, this one too.
    public func signOutEverywhere(personID: Int64) throws {
        try database.withConnection {
            _ = try $0.execute("DELETE FROM sessions WHERE person_id = ?", [.integer(personID)])
        }
    }
}
