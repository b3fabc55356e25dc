import AuraHTTP
import AuraSite
import Foundation

/// `/forgot/`, `/reset/` and `/feed/<secret>.ics`: recovering a forgotten password through a
/// single-use link that expires in 30 minutes (printed by `aura user reset NAME`; without mail
/// the forgot page says to ask the owner), and a person's calendar as a feed address that
/// `aura user rotate-feed` replaces.
extension AuraApp {
    private struct ForgotView: Encodable {
        let action: String
        let csrf: String
        let mail: Bool
        let sent: Bool
    }

    private struct ResetView: Encodable {
        let action: String
        let csrf: String
        let open: Bool
        let token: String
        let name: String
        let minimumLength = Accounts.minimumPasswordLength
        let forgotURL: String
        let message: String?
    }

    func forgotPage(_ request: HTTPRequest, sent: Bool = false) throws -> HTTPResponse {
        let mail = try serverSettings.mail != nil
        let view = ForgotView(action: root + "forgot/", csrf: try visitorFormToken(request), mail: mail, sent: sent)
        return try visitorPage("/forgot/", kind: .forgot, title: "Forgot your password?", view, token: view.csrf)
    }

    /// `POST /forgot/`: the same answer at once whoever is named; the link is made and mailed
    /// afterwards, away from the answer's timing, when the name is a known e-mail address.
    func forgot(_ request: HTTPRequest) throws -> HTTPResponse {
        guard visitorFormIsValid(request) else { return .text(403, "This form had expired; nothing was sent") }
        let site = try settings
        let name = String((request.field("name") ?? "").prefix(254)).trimmingCharacters(in: .whitespaces)
        if let mail = try serverSettings.mail,
            try accounts.mayMailReset(name: name, address: request.clientAddress, now: clock())
        {
            let base = publicBase(site)
            let (accounts, now) = (accounts, clock())
            let posted = outbox.post {
                Self.mailResetLink(
                    to: name, base: base, title: site.title, accounts: accounts, mailer: SMTPMailer(settings: mail),
                    now: now)
            }
            if !posted {
                FileHandle.standardError.write(
                    Data(
                        "aura serve: a reset link was not mailed: \(outbox.limit) are waiting for the mail server\n"
                            .utf8))
            }
        }
        return try forgotPage(request, sent: true)
    }

    private static func mailResetLink(
        to name: String, base: String, title: String, accounts: Accounts, mailer: SMTPMailer, now: Date
    ) {
        do {
            guard MailMessage.isAddress(name), let person = try accounts.person(named: name),
                let token = try accounts.resetToken(name: person.name, now: now)
            else { return }
            let body = """
                Someone, probably you, asked to set a new password for \(person.name) on \(title).

                Open this link within 30 minutes to choose one (it works once):
                \(base)reset/?token=\(token)

                If it was not you, ignore this message: your password stays as it is.
                """
            try mailer.send(
                MailMessage(
                    from: mailer.settings.from, to: person.name, subject: "Set a new password for \(title)", body: body),
                now: now)
        } catch {
            FileHandle.standardError.write(Data("aura serve: the reset link was not mailed: \(error)\n".utf8))
        }
    }

    func resetPage(
        _ request: HTTPRequest, message: String? = nil, status: Int = 200, headers: [(name: String, value: String)] = []
    ) throws -> HTTPResponse {
        let token = request.field("token") ?? request.query["token"] ?? ""
        let name = token.isEmpty ? nil : try accounts.resetName(token: token, now: clock())
        let view = ResetView(
            action: root + "reset/", csrf: try visitorFormToken(request), open: name != nil, token: token,
            name: name ?? "",
            forgotURL: root + "forgot/", message: message)
        return try visitorPage(
            "/reset/", kind: .reset, title: "Set a new password", view, token: view.csrf,
            status: name == nil && status != 429 ? 410 : status, headers: headers)
    }

    func reset(_ request: HTTPRequest) throws -> HTTPResponse {
        guard visitorFormIsValid(request) else {
            return try resetPage(request, message: "The form had expired. Please try again.", status: 403)
        }
        let password = request.field("password") ?? ""
        guard password == request.field("again") else {
            return try resetPage(request, message: "The two passwords differ.", status: 422)
        }
        do {
            switch try accounts.reset(
                token: request.field("token") ?? "", password: password, address: request.clientAddress, now: clock())
            {
            case .done: break
            case .linkNotOpen: return try resetPage(request)
            case .throttled(let seconds):
                return try resetPage(
                    request, message: "Too many attempts. Please try again in \(Backoff.phrase(seconds)).",
                    status: 429, headers: [("Retry-After", String(seconds))])
            }
        } catch let error as Accounts.AccountError {
            return try resetPage(request, message: error.sentence, status: 422)
        }
        var response = HTTPResponse.seeOther(root + "login/")
        response.headers += [cookies.clear(Cookies.session), ("Cache-Control", "no-store")]
        return response
    }

    /// The calendar of the person a feed secret belongs to, for calendar apps (no session).
    func feed(_ request: HTTPRequest, secret: String) throws -> HTTPResponse {
        guard secret.count == 43, let person = try accounts.feedOwner(secret: secret) else {
            return .text(404, "Not found")
        }
        let site = try served(personID: person.id, name: person.name, isOwner: person.isOwner)
        let files = StaticFiles(site: site, root: root)
        guard case .file(let file) = try files.lookup(root + PersonalPaths.calendar) else {
            return .text(404, "Not found")
        }
        return try files.response(for: file, ifNoneMatch: request.header("If-None-Match"), personal: true)
    }
}
