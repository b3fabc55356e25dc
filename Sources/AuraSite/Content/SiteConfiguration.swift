import AuraPlanner
import AuraSettings
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

    /// How capture reads dates (`locale`, `date_order`, `birthday`).
    public var capture = CaptureSettings()
    public static let fileName = SettingsFile.name
    /// The keys of `site.yml` read here; besides them, the sections other modules read and check.
    static let keys =
        ["title", "description", "base_url", "language", "keep", "culture", "private"] + PlannerSettings.keys
    static let sectionsReadElsewhere = [
        "accounts", "mail",  // aura serve's (AuraServer's ServerSettings)
        "deploy"  // aura deploy's (SiteDeploy's DeploySettings)
    ]

    /// Reads and validates `site.yml` in `contentDirectory`.
    public static func load(contentDirectory: URL, in fileSystem: FileSystem = .disk) throws -> SiteConfiguration {
        try SiteConfiguration(try SettingsFile.load(contentDirectory: contentDirectory, in: fileSystem))
    }

    /// The settings of `site.yml` in `content`, read once per change of the file.
    public static func current(in content: URL) throws -> SiteConfiguration {
        try SettingsFile.current(in: content, cache: read) { file throws in try SiteConfiguration(file) }
    }

    private static let read = StampedInputs<SiteConfiguration>()

    /// Parses the text of a `site.yml`; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(SourceError) -> SiteConfiguration {
        try SiteConfiguration(try SettingsFile.parse(text, file: file))
    }
}

extension SiteConfiguration: SiteSettings {
    /// The site's keys of `file`, with the planner's as `PlannerSettings` reads them.
    init(_ file: SettingsFile) throws(SourceError) {
        let fields = file.fields
        try fields.rejectUnknownKeys(allowed: Self.keys + Self.sectionsReadElsewhere)
        let baseNode = try fields.present("base_url", required: true)!
        let base = try fields.requiredString("base_url")
        let url: URL
        do {
            url = try BaseURL.parse(base)
        } catch {
            throw fields.error("base_url \(error.message)", at: baseNode)
        }
        let planner = try PlannerSettings(file)
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
        var configuration = SiteConfiguration(
            title: try fields.requiredString("title"),
            description: try fields.string("description") ?? "",
            baseURL: url,
            language: try fields.string("language") ?? "en",
            timeZone: planner.timeZone,
            dayStartMinutes: planner.window.start,
            dayEndMinutes: planner.window.end,
            partsOfDay: planner.partsOfDay,
            keep: keep)
        if let culture = try fields.mapping("culture") {
            try culture.rejectUnknownKeys(allowed: ["page_size", "feed_size"])
            configuration.culturePageSize = try culture.count("page_size") ?? configuration.culturePageSize
            configuration.cultureFeedSize = try culture.count("feed_size") ?? configuration.cultureFeedSize
        }
        configuration.bedtimeMinutes = planner.bedtime
        configuration.privatePassphraseEnv = passphraseEnv
        configuration.capture = planner.capture
        self = configuration
    }
}
