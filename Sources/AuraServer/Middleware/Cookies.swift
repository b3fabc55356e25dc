/// The cookies `aura serve` sets: HttpOnly, SameSite=Lax, on the site's path, Secure behind https.
struct Cookies: Sendable {
    /// The signed-in session's token.
    static let session = "aura_session"
    /// The tokens of the other sessions this browser holds (profiles on one device), separated by `.`.
    static let heldProfiles = "aura_profiles"
    /// The sign-in form's own token (double submit), before there is a session.
    static let signInForm = "aura_sign_in"

    let secure: Bool
    let root: String

    func set(_ name: String, _ value: String, maxAge: Int) -> (name: String, value: String) {
        (
            "Set-Cookie",
            "\(name)=\(value); Path=\(root); Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
        )
    }

    func clear(_ name: String) -> (name: String, value: String) {
        set(name, "", maxAge: 0)
    }
}
