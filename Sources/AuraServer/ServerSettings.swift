import Diagnostics
import Foundation
import SiteEngine

/// What `site.yml` says to `aura serve` alone: who may make an account and whose calendars are
/// fetched (`accounts:`), and how e-mail goes out (`mail:`).
struct ServerSettings: Sendable, Equatable {
    /// Who may make an account (`accounts: {signup: …}`): no one, whoever holds an invitation
    /// from `aura user invite` (the default), or anyone.
    var signUp: SignUp = .invite
    /// How e-mail is sent (`mail: {smtp, from, user, password_env}`); none by default.
    var mail: MailSettings?
    /// The hosts whose calendars are fetched for the people who give their calendar's address
    /// (`accounts: {calendar_hosts: […]}`): a name, or `*.` and a domain for any name under it;
    /// only over https, and only at public addresses.
    var calendarHosts = Self.defaultCalendarHosts
    /// Calendar servers on the owner's own network (`accounts: {calendar_local_hosts: […]}`),
    /// exact names the owner vouches for: fetched at any address, over http too.
    var calendarLocalHosts: [String] = []
    /// How often those calendars are fetched again, in minutes (`accounts: {calendar_refresh: …}`).
    var calendarRefreshMinutes = 60

    /// Google Calendar, iCloud and Outlook's addresses for a calendar's public or secret `.ics`.
    static let defaultCalendarHosts = [
        "calendar.google.com", "*.icloud.com", "outlook.office365.com", "outlook.live.com"
    ]

    /// `accounts.signup` in `site.yml`.
    enum SignUp: String, Sendable, CaseIterable {
        case closed, invite, open
    }

    /// The settings of `site.yml` in `content`, read once per change of the file.
    static func current(in content: URL) throws -> ServerSettings {
        try SettingsFile.current(in: content, cache: read) { file throws in try ServerSettings(file) }
    }

    private static let read = StampedInputs<ServerSettings>()

    init() {}

    /// The `accounts:` and `mail:` sections of `file`.
    init(_ file: SettingsFile) throws(SourceError) {
        if let accounts = try file.fields.mapping("accounts") {
            try accounts.rejectUnknownKeys(
                allowed: ["signup", "calendar_hosts", "calendar_local_hosts", "calendar_refresh"])
            calendarHosts = try Self.hostNames(accounts, "calendar_hosts", wildcards: true) ?? calendarHosts
            calendarLocalHosts = try Self.hostNames(accounts, "calendar_local_hosts", wildcards: false) ?? []
            calendarRefreshMinutes = try accounts.count("calendar_refresh") ?? calendarRefreshMinutes
            if let text = try accounts.string("signup") {
                guard let mode = SignUp(rawValue: text) else {
                    throw accounts.error(
                        "'\(text)' is not a way to sign up; expected closed, invite or open",
                        at: accounts.node["signup"]!)
                }
                signUp = mode
            }
        }
        mail = try file.fields.mapping("mail").map { fields throws(SourceError) in try MailSettings(fields) }
    }

    /// A list of host names (lowercased); with `wildcards`, `*.example.org` stands for any name under it.
    private static func hostNames(_ fields: YAMLFields, _ key: String, wildcards: Bool) throws(SourceError)
        -> [String]?
    {
        try fields.strings(key).map { hosts throws(SourceError) in
            try hosts.map { host, node throws(SourceError) in
                let name = host.lowercased()
                let bare = wildcards && name.hasPrefix("*.") ? String(name.dropFirst(2)) : name
                guard !bare.isEmpty,
                    bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
                else {
                    throw fields.error(
                        "'\(host)' is not a host name; expected one such as calendar.example.org"
                            + (wildcards ? " or *.example.org" : ""), at: node)
                }
                return name
            }
        }
    }
}

/// Where `aura serve` hands e-mail over: an SMTP server, the sender, and the account on it
/// (the password only ever from the environment variable named here, never from a file).
struct MailSettings: Sendable, Equatable {
    let smtp: URL
    let from: String
    let user: String?
    let passwordVariable: String?

    init(smtp: URL, from: String, user: String?, passwordVariable: String?) {
        self.smtp = smtp
        self.from = from
        self.user = user
        self.passwordVariable = passwordVariable
    }

    /// The `mail:` section.
    init(_ fields: YAMLFields) throws(SourceError) {
        try fields.rejectUnknownKeys(allowed: ["smtp", "from", "user", "password_env"])
        let smtpNode = try fields.present("smtp", required: true)!
        let smtp = try fields.requiredString("smtp")
        guard let url = URL(string: smtp), ["smtp", "smtps"].contains(url.scheme ?? ""), url.host != nil else {
            throw fields.error(
                "'\(smtp)' is not an SMTP server; expected smtp://host:port or smtps://host:port", at: smtpNode)
        }
        let from = try fields.requiredString("from")
        guard !from.contains(where: \.isNewline), from.contains("@") else {
            throw fields.error(
                "'from' is one address on one line, such as Aura <aura@example.org>", at: fields.node["from"]!)
        }
        self.init(
            smtp: url, from: from, user: try fields.string("user"), passwordVariable: try fields.string("password_env"))
    }
}
