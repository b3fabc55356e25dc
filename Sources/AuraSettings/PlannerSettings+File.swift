import AuraPlanner
import Diagnostics
import Foundation
import SiteEngine

/// The planner's keys of `site.yml`, read by the planner's owners (the use cases and the site):
/// `time_zone`, `day` (its window and bedtime), `parts_of_day`, and how capture reads dates
/// (`locale`, `date_order`, `birthday`).
extension PlannerSettings {
    public static let keys = ["time_zone", "day", "parts_of_day", "locale", "date_order", "birthday"]

    /// The planner's keys of `file`; every error names where it is.
    package init(_ file: SettingsFile) throws(SourceError) {
        let fields = file.fields
        let zoneName = try fields.string("time_zone") ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw fields.error(
                "unknown time zone '\(zoneName)'; expected an IANA name such as Europe/London",
                at: fields.node["time_zone"]!)
        }
        let dayFields = try fields.mapping("day")
        let day =
            try dayFields.map { d throws(SourceError) in try Self.clockSpan(d, what: "the day", also: ["bedtime"]) }
            ?? MinuteSpan(start: 8 * 60, end: 18 * 60)
        self.init(
            timeZone: zone, window: day, bedtime: try Self.bedtimeMinutes(dayFields, after: day),
            partsOfDay: try Self.partSpans(try fields.mapping("parts_of_day")), capture: try Self.capture(fields))
    }

    /// The planner's settings of `site.yml` in `content`, read once per change of the file.
    public static func current(in content: URL) throws -> PlannerSettings {
        try SettingsFile.current(in: content, cache: read) { file throws in try PlannerSettings(file) }
    }

    private static let read = StampedInputs<PlannerSettings>()
}
