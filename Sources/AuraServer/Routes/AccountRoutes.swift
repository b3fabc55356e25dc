import AuraHTTP
import AuraSite
import Foundation

/// `/account/`: a signed-in person's own settings — change the password (ends their other
/// sessions), sign out everywhere, a new calendar feed address, and deleting the account with
/// its files (typed confirmation; the owner's stays). Forms carry the session's token.
extension AuraApp {
    private struct AccountView: Encodable {
        let name: String
        let csrf: String
        let isOwner: Bool
        let minimumLength = Accounts.minimumPasswordLength
        let passwordAction: String
        let signOutEverywhereAction: String
        let feedAction: String
        let exportURL: String
        let deleteAction: String
        let message: String?
        let feedURL: String?
    }

    func accountPage(_ request: HTTPRequest, message: String? = nil, feedURL: String? = nil, status: Int = 200) throws
        -> HTTPResponse
    {
        guard let session = try session(of: request) else { return try signInFirst(request) }
        let base = root + "account/"
        let view = AccountView(
            name: session.name, csrf: session.csrf, isOwner: session.isOwner, passwordAction: base + "password",
            signOutEverywhereAction: base + "sign-out-everywhere", feedAction: base + "feed",
            exportURL: base + "export.zip", deleteAction: base + "delete",
            message: message, feedURL: feedURL)
        let body = try site.render(
            path: "/account/", kind: .account, title: "Your account", content: view,
            session: try sessionContext(session, request))
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: body)
    }

    /// `GET /account/export.zip`: the person's planner files, and their reflections.
    func export(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let session = try session(of: request) else {
            return .text(401, "Sign in first", headers: [("Cache-Control", "no-store")])
        }
        let reflections = try accounts.reflections(of: session.personID).map { day in
            ["date": day.day.iso, "morning": day.morning, "evening": day.evening]
        }
        let zip = try PlannerExport.zip(
            try planner(of: session),
            adding: [
                (
                    "reflections.json",
                    try JSONSerialization.data(
                        withJSONObject: ["reflections": reflections], options: [.prettyPrinted, .sortedKeys])
                )
            ], now: clock())
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "application/zip"), ("Cache-Control", "no-store"),
                ("Content-Disposition", "attachment; filename=\"aura-export.zip\"")
            ],
            body: request.method == "HEAD" ? Data() : zip)
    }

    func accountAction(_ action: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard let session = try session(of: request), let token = request.cookies[Cookies.session] else {
            return .seeOther(root + "login/")
        }
        guard sameOrigin(request), request.field("csrf") == session.csrf else {
            return .text(403, "This form had expired; nothing was changed")
        }
        switch action {
        case "password":
            let password = request.field("password") ?? ""
            guard password == request.field("again") else {
                return try accountPage(request, message: "The two new passwords differ.", status: 422)
            }
            do {
                try accounts.changePassword(
                    personID: session.personID, current: request.field("current") ?? "", new: password, keeping: token)
            } catch let error as Accounts.AccountError {
                return try accountPage(request, message: error.sentence, status: 422)
            }
            return try accountPage(request, message: "Your password was changed; every other session was signed out.")
        case "sign-out-everywhere":
            try accounts.signOutEverywhere(personID: session.personID)
            var response = HTTPResponse.seeOther(root + "login/")
            response.headers += try cookiesAfterSigningOut(request, token: token)
            return response
        case "feed":
            let secret = try accounts.rotateFeed(personID: session.personID, now: clock())
            let site = try settings
            return try accountPage(request, feedURL: publicBase(site) + "feed/\(secret).ics")
        case "delete":
            guard !session.isOwner else {
                return try accountPage(request, message: "The owner's account stays.", status: 403)
            }
            guard request.field("confirm") == session.name else {
                return try accountPage(
                    request, message: "Type your user name exactly to delete your account.", status: 422)
            }
            try accounts.remove(Accounts.Person(id: session.personID, name: session.name, isOwner: false))
            try people.remove(session.personID)
            var response = HTTPResponse.seeOther(root)
            response.headers += try cookiesAfterSigningOut(request, token: token)
            return response
        default:
            return .text(404, "No such action")
        }
    }

    /// The address people open the server at, ending in `/`: `--public-url`, else `base_url`.
    func publicBase(_ site: SiteConfiguration) -> String {
        (configuration.publicURL ?? site.baseURL).absoluteString
    }
}
