import AuraHTTP
import AuraSite
import Foundation

/// `/signup/` and `/terms/`: joining as `site.yml`'s `accounts.signup` allows (closed, with an
/// invitation from `aura user invite`, or open), accepting the terms rendered from
/// `Content/terms.md`. A form that works without scripts; its token in a cookie and a field.
extension AuraApp {
    private struct SignUpView: Encodable {
        let action: String
        let csrf: String
        let closed: Bool
        let invite: String
        let fullName: String
        let name: String
        let minimumLength = Accounts.minimumPasswordLength
        let termsURL: String
        let message: String?
    }

    private struct TermsView: Encodable {
        let bodyHTML: String
    }

    private func signUpMode() throws -> ServerSettings.SignUp {
        try serverSettings.signUp
    }

    func signUpPage(
        _ request: HTTPRequest, message: String? = nil, status: Int = 200,
        headers: [(name: String, value: String)] = []
    ) throws -> HTTPResponse {
        let mode = try signUpMode()
        let invite = request.field("invite") ?? request.query["invite"] ?? ""
        var message = message
        if mode == .invite, message == nil, request.method != "POST" {
            message =
                invite.isEmpty
                ? "Joining needs an invitation: ask the owner for a link."
                : try accounts.invitationIsOpen(invite, now: clock())
                    ? nil : "This invitation has been used or has expired. Ask the owner for a new one."
        }
        let view = SignUpView(
            action: root + "signup/", csrf: try visitorFormToken(request), closed: mode == .closed, invite: invite,
            fullName: request.field("fullName") ?? "", name: request.field("name") ?? "",
            termsURL: root + "terms/", message: message)
        return try visitorPage(
            "/signup/", kind: .signUp, title: "Sign up", view, token: view.csrf, status: mode == .closed ? 403 : status,
            headers: headers)
    }

    /// What the sign-in page says after an open sign-up, which does not tell a taken name from a
    /// free one (`Accounts.signUp`).
    static let joined =
        "Welcome! Sign in with your new user name and password. If that fails, the name was already taken: please sign up with another."

    func signUp(_ request: HTTPRequest) throws -> HTTPResponse {
        guard visitorFormIsValid(request) else {
            return try signUpPage(request, message: "The form had expired. Please try again.", status: 403)
        }
        let mode = try signUpMode()
        guard mode != .closed else { return try signUpPage(request) }
        guard request.field("terms") == "accepted" else {
            return try signUpPage(request, message: "Please accept the terms to sign up.", status: 422)
        }
        let password = request.field("password") ?? ""
        guard password == request.field("again") else {
            return try signUpPage(request, message: "The two passwords differ.", status: 422)
        }
        let invitation = mode == .invite ? request.field("invite") ?? "" : nil
        switch try accounts.signUp(
            name: request.field("name") ?? "", fullName: request.field("fullName") ?? "", password: password,
            invitation: invitation, address: request.clientAddress, now: clock())
        {
        case .success(nil):
            var response = HTTPResponse.seeOther(root + "login/?joined=1")
            response.add("Cache-Control", "no-store")
            return response
        case .success(let token?):
            var response = HTTPResponse.seeOther(root + "planner/")
            response.headers += [
                cookies.set(Cookies.session, token, maxAge: Int(Accounts.absoluteLifetime)),
                cookies.clear(Cookies.signInForm), ("Cache-Control", "no-store")
            ]
            return response
        case .failure(.invitationNotOpen):
            return try signUpPage(
                request, message: "This invitation has been used or has expired. Ask the owner for a new one.",
                status: 403)
        case .failure(.refused(let reason)):
            return try signUpPage(request, message: Accounts.AccountError(description: reason).sentence, status: 422)
        case .failure(.throttled(let seconds)):
            return try signUpPage(
                request, message: "Too many attempts. Please try again later.", status: 429,
                headers: [("Retry-After", String(seconds))])
        }
    }

    func termsPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let file = configuration.build.contentDirectory.appendingPathComponent("terms.md")
        guard let html = try LiveSite.markdownHTML(of: file) else { return notFound() }
        let body = try site.render(
            path: "/terms/", kind: .terms, title: "Terms of use", content: TermsView(bodyHTML: html))
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: request.method == "HEAD" ? Data() : body)
    }
}
