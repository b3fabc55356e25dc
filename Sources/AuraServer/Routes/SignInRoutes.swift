import AuraHTTP
import AuraSite
import Foundation
import Platform

/// `/login/` and `/logout/`: the sign-in form (its own token in a cookie and a field, since
/// there is no session yet), sessions opened and closed, throttling answered with 429.
extension AuraApp {
    /// What the sign-in template shows.
    private struct SignInView: Encodable {
        let action: String
        let csrf: String
        let next: String
        let name: String
        /// What went wrong (an alert).
        let message: String?
        /// What to do next, when nothing went wrong (a status).
        let notice: String?
        let forgotURL: String
        let signUpURL: String
    }

    func signInPage(
        _ request: HTTPRequest, message: String?, status: Int, name: String = "", notice: String? = nil,
        headers: [(name: String, value: String)] = []
    ) throws -> HTTPResponse {
        let token = try visitorFormToken(request)
        let next = try safeNext(request.field("next") ?? request.query["next"])
        let view = SignInView(
            action: root + "login/", csrf: token, next: next, name: name, message: message, notice: notice,
            forgotURL: root + "forgot/", signUpURL: root + "signup/")
        return try visitorPage(
            "/login/", kind: .signIn, title: "Sign in", view, token: token, status: status, headers: headers)
    }

    /// The token of a form a visitor (not signed in) sends: the one this browser already holds
    /// stays, so a second load of a form (the service worker's precache following a redirect,
    /// another tab) must not turn the form on screen into an expired one.
    func visitorFormToken(_ request: HTTPRequest) throws -> String {
        let held = request.cookies[Cookies.signInForm].flatMap { token in
            token.count == 43
                && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                ? token : nil
        }
        return try held ?? SecureRandom.token()
    }

    /// Whether a visitor's form came from this site: its token matches the cookie's (double submit).
    func visitorFormIsValid(_ request: HTTPRequest) -> Bool {
        guard sameOrigin(request), let token = request.cookies[Cookies.signInForm], !token.isEmpty else { return false }
        return request.field("csrf") == token
    }

    /// A page for visitors, never stored, its form's token also in a cookie.
    func visitorPage<View: Encodable>(
        _ path: String, kind: PageKind, title: String, _ view: View, token: String, status: Int = 200,
        headers: [(name: String, value: String)] = []
    ) throws -> HTTPResponse {
        // A form sent back with a problem says so first in its title, which a screen reader reads on arrival.
        let body = try site.render(
            path: path, kind: kind, title: (400..<500).contains(status) ? "Error: " + title : title, content: view)
        return HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                cookies.set(Cookies.signInForm, token, maxAge: 3600)
            ] + headers,
            body: body)
    }

    func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
        guard visitorFormIsValid(request) else {
            return try signInPage(request, message: "The sign-in form had expired. Please sign in again.", status: 403)
        }
        let name = request.field("name") ?? ""
        let held = try heldProfiles(of: request)
        if held.count >= Self.profileLimit, !held.contains(where: { $0.session.name == name }) {
            return try signInPage(
                request, message: "This browser already holds \(Self.profileLimit) people. Sign one of them out first.",
                status: 409, name: name)
        }
        switch try accounts.signIn(
            name: name, password: request.field("password") ?? "", address: request.clientAddress, now: clock())
        {
        case .success(let (sessionToken, _)):
            var response = HTTPResponse.seeOther(try safeNext(request.field("next")))
            // Signing in again as someone held replaces their older session on this browser.
            let replaced = held.filter { $0.session.name == name }
            for old in replaced { try accounts.signOut(token: old.token) }
            let others = held.map(\.token).filter { token in !replaced.contains { $0.token == token } }
            response.headers +=
                profileCookies(active: sessionToken, others: others) + [cookies.clear(Cookies.signInForm)]
            return response
        case .failure(.mismatch):
            return try signInPage(request, message: "That name and password do not match.", status: 401, name: name)
        case .failure(.throttled(let seconds)):
            return try signInPage(
                request, message: "Too many attempts. Please try again in \(Backoff.phrase(seconds)).",
                status: 429, name: name, headers: [("Retry-After", String(seconds))])
        }
    }

    func signOut(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        var response = HTTPResponse.seeOther(root)
        if let session = try context.session, let token = request.cookies[Cookies.session] {
            guard sameOrigin(request), request.field("csrf") == session.csrf else {
                return .text(403, "This form had expired; nothing was changed")
            }
            try accounts.signOut(token: token)
        }
        response.headers += try cookiesAfterSigningOut(request, token: request.cookies[Cookies.session])
        return response
    }

    /// A browser's `Origin` on a form post, when it sends one, names this site.
    func sameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.header("Origin") else { return true }
        if let publicURL = configuration.publicURL {
            let port = publicURL.port.map { ":\($0)" } ?? ""
            return origin == "\(publicURL.scheme ?? "https")://\(publicURL.host ?? "")\(port)"
        }
        return request.header("Host").map { origin == request.scheme + "://" + $0 } ?? false
    }

    /// Where to go after signing in: a path on this site, never another site.
    func safeNext(_ text: String?) throws -> String {
        let fallback = root + "dashboard/"
        guard let text, text.hasPrefix(root), !text.hasPrefix("//"), text.count < 2048,
            !text.contains("\\"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
            let decoded = text.removingPercentEncoding, !decoded.hasPrefix("//"), !decoded.contains("\\")
        else { return fallback }
        return text
    }
}
