import AuraHTTP
import AuraPlanner
import AuraSite
import AuraUseCases
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
        /// The same feed for a calendar app to subscribe to (`webcal://`).
        let subscribeURL: String?
        /// Set when the address is the one this request came to: no `--public-url` was given.
        let feedAddressIsGuessed: Bool
        let calendar: CalendarView
    }

    /// The calendar the person's days are planned around: an uploaded file or an address.
    private struct CalendarView: Encodable {
        let uploadAction: String
        let addressAction: String
        let removeAction: String
        let hasCalendar: Bool
        let address: String?
        let fetched: String?
        let problem: String?
        let refreshMinutes: Int
        let hosts: String
    }

    func accountPage(_ context: RequestContext, message: String? = nil, feedURL: String? = nil, status: Int = 200)
        throws
        -> HTTPResponse
    {
        let request = context.request
        guard let session = try context.session else { return try signInFirst(request) }
        let message =
            message
            ?? (request.query["changed"] == "password"
                ? "Your password was changed; this browser has a new session and every other one was signed out."
                : nil)
        let base = root + "account/"
        let siteSettings = try settings
        let server = try serverSettings
        let source = try accounts.calendarSources(of: session.personID).first
        let calendar = CalendarView(
            uploadAction: base + "calendar", addressAction: base + "calendar-address",
            removeAction: base + "calendar-remove",
            hasCalendar: try PersonalCalendar(planner: try planner(of: session)).exists(),
            address: source?.url,
            fetched: source?.fetched.map {
                isoTimestamp($0, in: siteSettings.timeZone).replacingOccurrences(of: "T", with: " ")
            },
            problem: source?.problem, refreshMinutes: server.calendarRefreshMinutes,
            hosts: (server.calendarHosts + server.calendarLocalHosts).joined(separator: ", "))
        let view = AccountView(
            name: session.name, csrf: session.csrf, isOwner: session.isOwner, passwordAction: base + "password",
            signOutEverywhereAction: base + "sign-out-everywhere", feedAction: base + "feed",
            exportURL: base + "export.zip", deleteAction: base + "delete",
            message: message, feedURL: feedURL,
            subscribeURL: feedURL.map(calendarSubscription(to:)),
            feedAddressIsGuessed: configuration.publicURL == nil, calendar: calendar)
        let body = try site.render(
            path: "/account/", kind: .account, title: "Your account", content: view,
            session: try sessionContext(session, request))
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: body)
    }

    /// `GET /account/export.zip`: the person's planner files, and their reflections.
    func export(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session else {
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

    func accountAction(_ action: String, _ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session, let token = request.cookies[Cookies.session] else {
            return .seeOther(root + "login/")
        }
        guard sameOrigin(request), request.field("csrf") == session.csrf else {
            return .text(403, "This form had expired; nothing was changed")
        }
        switch action {
        case "password":
            let password = request.field("password") ?? ""
            guard password == request.field("again") else {
                return try accountPage(context, message: "The two new passwords differ.", status: 422)
            }
            let opened: (token: String, session: Accounts.Session)
            do {
                opened = try accounts.changePassword(
                    personID: session.personID, current: request.field("current") ?? "", new: password,
                    address: request.clientAddress, now: clock())
            } catch let error as Accounts.AccountError {
                return try accountPage(context, message: error.sentence, status: 422)
            }
            // The new session in place of the old one; the other people held here stay.
            let others = try heldProfiles(of: request).dropFirst().map(\.token)
            var response = HTTPResponse.seeOther(root + "account/?changed=password")
            response.headers += profileCookies(active: opened.token, others: others)
            return response
        case "sign-out-everywhere":
            try accounts.signOutEverywhere(personID: session.personID)
            var response = HTTPResponse.seeOther(root + "login/")
            response.headers += try cookiesAfterSigningOut(request, token: token)
            return response
        case "feed":
            let secret = try accounts.rotateFeed(personID: session.personID, now: clock())
            return try accountPage(context, feedURL: try feedBase(request) + "feed/\(secret).ics")
        case "calendar", "calendar-address", "calendar-remove":
            return try calendarAction(action, context, session)
        case "delete":
            guard !session.isOwner else {
                return try accountPage(context, message: "The owner's account stays.", status: 403)
            }
            guard request.field("confirm") == session.name else {
                return try accountPage(
                    context, message: "Type your user name exactly to delete your account.", status: 422)
            }
            do {
                _ = try accounts.confirmPassword(
                    request.field("password") ?? "", of: session.personID, address: request.clientAddress, now: clock())
            } catch let error as Accounts.AccountError {
                return try accountPage(context, message: error.sentence, status: 422)
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

    /// Upload a calendar file, give a calendar's address (fetched now, then on a schedule), or
    /// remove the calendar; each plans the person's days again around what is kept.
    private func calendarAction(_ action: String, _ context: RequestContext, _ session: Accounts.Session) throws
        -> HTTPResponse
    {
        let calendar = PersonalCalendar(planner: try planner(of: session))
        do {
            return try slowWork.run(for: session.personID) {
                try changeCalendar(action, context, session, calendar)
            }
        } catch let refusal as SlowWork.Refusal {
            return try accountPage(context, message: refusal.sentence, status: refusal.status)
        } catch let problem as PersonalCalendar.Refused {
            return try accountPage(context, message: "Nothing was kept: \(problem)", status: 422)
        } catch let problem as CalendarAddress.Refused {
            return try accountPage(context, message: "Nothing was fetched: \(problem)", status: 422)
        } catch let problem as CalendarFetch.Failed {
            return try accountPage(context, message: "The calendar could not be fetched: \(problem).", status: 422)
        }
    }

    private func changeCalendar(
        _ action: String, _ context: RequestContext, _ session: Accounts.Session, _ calendar: PersonalCalendar
    ) throws -> HTTPResponse {
        let request = context.request
        switch action {
        case "calendar":
            guard let file = request.field("calendar"), !file.isEmpty else {
                return try accountPage(context, message: "Choose an .ics file to upload.", status: 422)
            }
            let events = try calendar.replace(with: Data(file.utf8), named: "calendar.ics", now: clock())
            try accounts.setCalendarSource(nil, of: session.personID)
            return try accountPage(
                context,
                message: "Your calendar is in (\(Self.events(events))); your days were planned around it again.")
        case "calendar-address":
            let text = request.field("address") ?? ""
            let address = try CalendarAddress(
                text, allowedHosts: try serverSettings.calendarHosts,
                localHosts: try serverSettings.calendarLocalHosts)
            try accounts.setCalendarSource(address.url.absoluteString, of: session.personID)
            do {
                let events = try fetchCalendar(
                    address.url.absoluteString, personID: session.personID, isOwner: session.isOwner)
                return try accountPage(
                    context,
                    message:
                        "Your calendar was fetched (\(Self.events(events))); your days were planned around it, and it is fetched again every \(try serverSettings.calendarRefreshMinutes) minutes."
                )
            } catch {
                try accounts.setCalendarSource(nil, of: session.personID)
                throw error
            }
        default:
            try accounts.setCalendarSource(nil, of: session.personID)
            try calendar.remove(now: clock())
            return try accountPage(
                context, message: "Your calendar was removed; your days were planned without it.")
        }
    }

    private static func events(_ count: Int) -> String {
        count == 1 ? "1 event" : "\(count) events"
    }

    /// The address people open the server at, ending in `/`: `--public-url`, else `base_url`.
    func publicBase(_ site: SiteConfiguration) -> String {
        (configuration.publicURL ?? site.baseURL).absoluteString
    }

    /// Where the person's calendar app reaches this server: `--public-url`, else the address
    /// this request came to (shown only to the person who asked, never mailed), else the site's
    /// base URL.
    func feedBase(_ request: HTTPRequest) throws -> String {
        if let publicURL = configuration.publicURL { return publicURL.absoluteString }
        guard let host = request.header("Host"), !host.isEmpty, host.count <= 255,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return try publicBase(settings) }
        return request.scheme + "://" + host + root
    }
}
