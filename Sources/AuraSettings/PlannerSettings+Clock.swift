import AuraPlanner
import Diagnostics
import SiteEngine

/// The clock settings of `site.yml`: the day window and the parts of the day, each a
/// `start`/`end` pair of `HH:MM` times on a 24-hour clock.
extension PlannerSettings {
    /// `parts_of_day:` with any of `morning`, `afternoon`, `evening`, `night`; a part not named
    /// keeps its default window.
    static func partSpans(_ fields: YAMLFields?) throws(SourceError) -> [PartOfDay: MinuteSpan] {
        var spans = PartOfDay.defaultSpans
        guard let fields else { return spans }
        try fields.rejectUnknownKeys(allowed: PartOfDay.allCases.map(\.rawValue))
        for part in PartOfDay.allCases {
            if let window = try fields.mapping(part.rawValue) {
                spans[part] = try clockSpan(window, what: "the \(part.rawValue)")
            }
        }
        return spans
    }

    /// A `start`/`end` mapping whose end is later than its start; `what` names it in errors,
    /// `also` the other keys it may hold.
    static func clockSpan(_ fields: YAMLFields, what: String, also: [String] = []) throws(SourceError) -> MinuteSpan {
        try fields.rejectUnknownKeys(allowed: ["start", "end"] + also)
        let start = try clockMinutes(fields, "start")
        let end = try clockMinutes(fields, "end")
        guard end > start else {
            throw fields.error(
                "\(what) ends before it starts; expected 'end' later than 'start'",
                at: fields.node["end"] ?? fields.node)
        }
        return MinuteSpan(start: start, end: end)
    }

    /// `day: bedtime:`, at or after the window's end; left out, 22:30 or the window's end if later.
    static func bedtimeMinutes(_ fields: YAMLFields?, after day: MinuteSpan) throws(SourceError) -> Int {
        guard let fields, let node = try fields.present("bedtime", required: false) else {
            return max(PlannerSettings.defaultBedtime, day.end)
        }
        let bedtime = try clockMinutes(fields, "bedtime")
        guard bedtime >= day.end else {
            throw fields.error(
                "bedtime \(ClockTime.format(bedtime)) comes before the day ends at \(ClockTime.format(day.end)); expected 'bedtime' at or after 'end'",
                at: node)
        }
        return bedtime
    }

    /// Parses an `HH:MM` field (24-hour clock) into minutes after midnight.
    private static func clockMinutes(_ fields: YAMLFields, _ key: String) throws(SourceError) -> Int {
        let node = try fields.present(key, required: true)!
        let text = try fields.requiredString(key)
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...24).contains(hours), (0..<60).contains(minutes), hours * 60 + minutes <= 24 * 60
        else {
            throw fields.error(
                "'\(text)' is not a time of day; expected HH:MM on a 24-hour clock, such as 08:30", at: node)
        }
        return hours * 60 + minutes
    }
}
