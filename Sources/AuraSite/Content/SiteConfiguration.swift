import AuraPlanner
import Diagnostics
import Foundation
import SiteEngine

/// The site's settings from `Content/site.yml`: identity, address, language, time zone and
/// the day window the planner schedules inside.
public struct SiteConfiguration: Sendable, Equatable {
    public internal(set) var title: String
    var description: String
    /// The absolute address the site is published at, always ending in `/`.
    public package(set) var baseURL: URL
    var language: String
    public var timeZone: TimeZone
    /// Start of the planning day, in minutes after midnight.
    public var dayStartMinutes: Int
    /// End of the planning day, in minutes after midnight.
    public var dayEndMinutes: Int
    /// Where the evening after the window ends (`day: bedtime:`, 22:30 unless the window runs
    /// later): Plan My Day after the window plans light work until then.
    public var bedtimeMinutes = PlannerSettings.defaultBedtime
    /// Where a task that names a part of the day (`this evening`) may go (`parts_of_day:`).
    public var partsOfDay: [PartOfDay: MinuteSpan] = PartOfDay.defaultSpans
    /// Paths in the output folder that the build must never remove (`keep:`), besides the
    /// ones always kept (`README.md`, `CNAME`, `.git/`, `.well-known/`).
    package var keep: [String] = []
    /// Entries per page of a culture list (`culture: page_size:`); later pages are `…/page/2/`.
    var culturePageSize = 50
    /// Newest entries in each culture feed (`culture: feed_size:`).
    var cultureFeedSize = 50

    /// `private:`: seal the personal files with a passphrase read from this environment variable.
    var privatePassphraseEnv: String?

    /// Who may make an account on `aura serve` (`accounts: {signup: …}`): no one, whoever holds
    /// an invitation from `aura user invite` (the default), or anyone.
    public var signUp: SignUp = .invite
    /// How `aura serve` sends e-mail (`mail: {smtp, from, user, password_env}`); none by default.
    public var mail: MailSettings?
    /// Where `aura deploy` publishes the site (`deploy:`).
    public var deploy = DeploySettings()
    /// How capture reads dates (`locale`, `date_order`, `birthday`).
    public var capture = CaptureSettings()
    /// The hosts whose calendars `aura serve` fetches for the people who give their calendar's
    /// address (`accounts: {calendar_hosts: […]}`): a name, or `*.` and a domain for any name
    /// under it; only over https, and only at public addresses.
    public var calendarHosts = Self.defaultCalendarHosts
    /// Calendar servers on the owner's own network (`accounts: {calendar_local_hosts: […]}`),
    /// exact names the owner vouches for: fetched at any address, over http too.
    public var calendarLocalHosts: [String] = []
    /// How often those calendars are fetched again, in minutes (`accounts: {calendar_refresh: …}`).
    public var calendarRefreshMinutes = 60
    /// Google Calendar, iCloud and Outlook's addresses for a calendar's public or secret `.ics`.
    public static let defaultCalendarHosts = [
        "calendar.google.com", "*.icloud.com", "outlook.office365.com", "outlook.live.com"
    ]

    /// `accounts.signup` in `site.yml`.
    public enum SignUp: String, Sendable, CaseIterable {
        case closed, invite, open
    }

    public static let fileName = "site.yml"
    static let keys = [
        "title", "description", "base_url", "language", "time_zone", "day", "parts_of_day", "keep", "culture",
        "private", "accounts", "mail", "locale", "date_order", "birthday", "deploy"
    ]

    /// Reads and validates `site.yml` in `contentDirectory`.
    public static func load(contentDirectory: URL, in fileSystem: FileSystem = .disk) throws -> SiteConfiguration {
        let url = contentDirectory.appendingPathComponent(fileName)
        let text = try ContentFile.read(url, in: fileSystem)
        return try parse(text, file: displayPath(url))
    }

    /// Parses the text of a `site.yml`; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(SourceError) -> SiteConfiguration {
        let fields = try YAMLFields(try YAMLParser(file: file).parse(text), file: file)
        try fields.rejectUnknownKeys(allowed: keys)
        let baseNode = try fields.present("base_url", required: true)!
        let base = try fields.requiredString("base_url")
        let url: URL
        do {
            url = try BaseURL.parse(base)
        } catch {
            throw fields.error("base_url \(error.message)", at: baseNode)
        }
        let zoneName = try fields.string("time_zone") ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw fields.error(
                "unknown time zone '\(zoneName)'; expected an IANA name such as Europe/London",
                at: fields.node["time_zone"]!)
        }
        let dayFields = try fields.mapping("day")
        let day =
            try dayFields.map { d throws(SourceError) in try clockSpan(d, what: "the day", also: ["bedtime"]) }
            ?? MinuteSpan(start: 8 * 60, end: 18 * 60)
        let bedtime = try bedtime(dayFields, after: day)
        let parts = try partsOfDay(try fields.mapping("parts_of_day"))
        var keep: [String] = []
        for (path, node) in try fields.strings("keep") ?? [] {
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                throw fields.error(
                    "'\(path)' is not a path inside the output folder; expected one such as downloads/ or google1234.html",
                    at: node)
            }
            keep.append(path)
        }
        let privateSettings = try fields.mapping("private")
        try privateSettings?.rejectUnknownKeys(allowed: ["passphrase_env"])
        let passphraseEnv = try privateSettings?.requiredString("passphrase_env")
        var signUp = SignUp.invite
        var calendarHosts = defaultCalendarHosts
        var calendarLocalHosts: [String] = []
        var calendarRefresh: Int?
        if let accounts = try fields.mapping("accounts") {
            try accounts.rejectUnknownKeys(
                allowed: ["signup", "calendar_hosts", "calendar_local_hosts", "calendar_refresh"])
            calendarHosts = try hostNames(accounts, "calendar_hosts", wildcards: true) ?? calendarHosts
            calendarLocalHosts = try hostNames(accounts, "calendar_local_hosts", wildcards: false) ?? []
            calendarRefresh = try count(accounts, "calendar_refresh")
            if let text = try accounts.string("signup") {
                guard let mode = SignUp(rawValue: text) else {
                    throw accounts.error(
                        "'\(text)' is not a way to sign up; expected closed, invite or open",
                        at: accounts.node["signup"]!)
                }
                signUp = mode
            }
        }
        var mail: MailSettings?
        if let fields = try fields.mapping("mail") {
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
            mail = MailSettings(
                smtp: url, from: from, user: try fields.string("user"),
                passwordVariable: try fields.string("password_env"))
        }
        var configuration = SiteConfiguration(
            title: try fields.requiredString("title"),
            description: try fields.string("description") ?? "",
            baseURL: url,
            language: try fields.string("language") ?? "en",
            timeZone: zone,
            dayStartMinutes: day.start,
            dayEndMinutes: day.end,
            partsOfDay: parts,
            keep: keep)
        if let culture = try fields.mapping("culture") {
            try culture.rejectUnknownKeys(allowed: ["page_size", "feed_size"])
            configuration.culturePageSize = try count(culture, "page_size") ?? configuration.culturePageSize
            configuration.cultureFeedSize = try count(culture, "feed_size") ?? configuration.cultureFeedSize
        }
        configuration.calendarHosts = calendarHosts
        configuration.calendarLocalHosts = calendarLocalHosts
        configuration.calendarRefreshMinutes = calendarRefresh ?? configuration.calendarRefreshMinutes
        configuration.bedtimeMinutes = bedtime
        configuration.privatePassphraseEnv = passphraseEnv
        configuration.signUp = signUp
        configuration.mail = mail
        configuration.capture = try capture(fields)
        configuration.deploy = try deploySettings(fields)
        return configuration
    }

    /// A whole number of at least 1.
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

    private static func count(_ fields: YAMLFields, _ key: String) throws(SourceError) -> Int? {
        guard let value = try fields.integer(key) else { return nil }
        guard value >= 1 else { throw fields.error("'\(key)' is \(value); expected 1 or more", at: fields.node[key]!) }
        return value
    }
}

/// Where `aura serve` hands e-mail over: an SMTP server, the sender, and the account on it
/// (the password only ever from the environment variable named here, never from a file).
public struct MailSettings: Sendable, Equatable {
    public let smtp: URL
    public let from: String
    public let user: String?
    public let passwordVariable: String?
}

extension SiteConfiguration: SiteSettings {}
