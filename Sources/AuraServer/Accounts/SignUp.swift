import AuraSQL
import Foundation

/// Joining: a person adds themselves, with an invitation when the site asks for one.
extension Accounts {
    /// Sign-up attempts allowed per address in the failure window.
    static let signUpsPerAddress = 10

    /// Why a sign-up did not make an account.
    public enum SignUpFailure: Error, Equatable {
        case invitationNotOpen
        case throttled(retryAfter: Int)
        case refused(String)
    }

    /// A sign-up's name belongs to someone already.
    private struct NameTaken: Error {}

    /// Makes an account for `name`. With an open `invitation` its holder is told when the name
    /// is taken and gets a session at once (its token). Without one (anyone may join) a free
    /// name and a taken one are answered alike, with no session (nil): the person signs in
    /// next, so a stranger learns no more than a throttled sign-in would tell. Every attempt
    /// counts against the address.
    public func signUp(
        name: String, fullName: String, password: String, invitation: String?,
        address: String, now: Date
    ) throws -> Result<String?, SignUpFailure> {
        let key = "signup:" + address
        if let wait = try database.withConnection({
            try Self.takeAttempt($0, keys: [(key, Self.signUpsPerAddress)], now: now)
        }) {
            return .failure(.throttled(retryAfter: wait))
        }
        let trimmed: String
        let hash: String
        do {
            trimmed = try Self.checkedName(name)
            try PasswordPolicy.check(password)
            hash = try PasswordHash.make(password)
        } catch let error as AccountError {
            return .failure(.refused(error.description))
        }
        let full = String(fullName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        let made: SignUpFailure?
        do {
            made = try database.withConnection { database in
                try database.transaction {
                    // The invitation first, so only its holder learns whether a name is taken;
                    // a taken name rolls its redemption back (`NameTaken`), leaving it open.
                    if let invitation, try !Self.redeem(invitation: invitation, database, now: now) {
                        return SignUpFailure.invitationNotOpen
                    }
                    // Two signing up with one name at once: one is added, the other told it is taken.
                    guard
                        try !database.execute(
                            """
                            INSERT INTO people (name, name_key, password_hash, created, full_name)
                            VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id
                            """,
                            [
                                .text(trimmed), .text(UserName.key(trimmed)), .text(hash),
                                .integer(Int64(now.timeIntervalSince1970)), .text(full)
                            ]
                        ).isEmpty
                    else { throw NameTaken() }
                    return nil
                }
            }
        } catch is NameTaken {
            guard invitation != nil else { return .success(nil) }
            made = .refused("that user name is taken; please choose another")
        }
        if let made { return .failure(made) }
        guard invitation != nil else { return .success(nil) }
        // The account exists; signing in opens its first session like any other.
        if case .success(let opened) = try signIn(name: trimmed, password: password, address: address, now: now) {
            return .success(opened.token)
        }
        return .failure(.refused("the account was made; please sign in"))
    }
}
