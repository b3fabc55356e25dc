import AuraHTTP
import Foundation

/// Profiles on one device: a browser may hold the sessions of several people. The active one is
/// the session cookie; the others wait in a second cookie. Switching only ever picks among the
/// sessions this browser already holds, so it never grants one.
extension AuraApp {
    /// How many people one browser may be signed in as at once.
    static let profileLimit = 5

    /// The live sessions this browser holds, the active one first, one per person, at most the limit.
    func heldProfiles(of request: HTTPRequest) throws -> [(token: String, session: Accounts.Session)] {
        let active = request.cookies[Cookies.session].map { [$0] } ?? []
        let others = (request.cookies[Cookies.heldProfiles] ?? "").split(separator: ".").map(String.init)
        var held: [(token: String, session: Accounts.Session)] = []
        for token in active + others where !token.isEmpty && !held.contains(where: { $0.token == token }) {
            guard held.count < Self.profileLimit, let session = try accounts.session(token: token, now: clock()),
                !held.contains(where: { $0.session.personID == session.personID })
            else { continue }
            held.append((token, session))
        }
        return held
    }

    /// The cookies that make `active` the session in use and keep `others` held (or clear both).
    func profileCookies(active: String?, others: [String]) -> [(name: String, value: String)] {
        let lifetime = Int(Accounts.absoluteLifetime)
        return [
            active.map { cookies.set(Cookies.session, $0, maxAge: lifetime) } ?? cookies.clear(Cookies.session),
            others.isEmpty
                ? cookies.clear(Cookies.heldProfiles)
                : cookies.set(Cookies.heldProfiles, others.joined(separator: "."), maxAge: lifetime),
            ("Cache-Control", "no-store")
        ]
    }

    /// The cookies after making the held session of `name` active, or nil when it is not held.
    private func switching(to name: String, _ held: [(token: String, session: Accounts.Session)]) -> [(
        name: String, value: String
    )]? {
        guard let chosen = held.first(where: { $0.session.name == name }) else { return nil }
        return profileCookies(active: chosen.token, others: held.map(\.token).filter { $0 != chosen.token })
    }

    /// `POST /profiles/switch`: the header's switcher, with the active session's form token.
    func switchProfile(_ request: HTTPRequest) throws -> HTTPResponse {
        let held = try heldProfiles(of: request)
        guard let active = held.first, active.token == request.cookies[Cookies.session] else {
            return try signInFirst(request)
        }
        guard sameOrigin(request), request.field("csrf") == active.session.csrf else {
            return .text(403, "This form had expired; nothing was changed")
        }
        guard let headers = switching(to: request.field("profile") ?? "", held) else {
            return .text(404, "That person is not signed in on this browser")
        }
        var response = HTTPResponse.seeOther(try safeNext(request.field("next")))
        response.headers += headers
        return response
    }

    /// `POST /api/profile` with `{"profile": NAME}`: a script's switch, before it opens a link
    /// made for NAME (a reminder's click, a deep link). Like every script's request it needs a
    /// same-origin `Origin`; 204 with the cookies when NAME is held here, else 404.
    func switchProfileForScript(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard try context.session != nil else { return .text(401, "Sign in first") }
        guard request.header("Origin") != nil, sameOrigin(request) else {
            return .text(403, "Cross-site request refused")
        }
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let name = object["profile"] as? String
        else { return .json(400, ["error": "expected {\"profile\": NAME}"]) }
        guard let headers = switching(to: name, try heldProfiles(of: request)) else {
            return .text(404, "That person is not signed in on this browser")
        }
        return HTTPResponse(status: 204, headers: headers)
    }

    /// A link that names a profile (`?profile=NAME`, from a notification or calendar alarm):
    /// the clean address when NAME is the active profile, else the dashboard as is. A link never
    /// switches: anyone can send one. Switching is a POST (the header's switcher, or a script's
    /// `/api/profile` before it follows such a link).
    func openProfileLink(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        let isActive = try context.session.map { UserName.key($0.name) } == request.query["profile"].map(UserName.key)
        var response = HTTPResponse.seeOther(isActive ? try safeNext(request.rawPath) : root + "dashboard/")
        response.add("Cache-Control", "no-store")
        return response
    }

    /// After one sign-out: the next held profile becomes active, if there is one.
    func cookiesAfterSigningOut(_ request: HTTPRequest, token: String?) throws -> [(name: String, value: String)] {
        let rest = try heldProfiles(of: request).map(\.token).filter { $0 != token }
        return profileCookies(active: rest.first, others: Array(rest.dropFirst()))
    }
}
