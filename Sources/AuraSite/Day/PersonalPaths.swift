/// Where the built site holds a person's day: the personal pages, their JSON and calendars.
/// The static build keeps them out of search engines; `aura serve` shows them only to the
/// signed-in owner.
public enum PersonalPaths {
    /// Paths under the site root, folders with a trailing slash.
    static let all = [
        "dashboard/", "planner/", "schedule/", "week/", "focus/", "notifications/", "reflections/",
        "notifications.json", calendar
    ]
    /// The calendar of every planned day, which a private build moves to a secret address.
    public static let calendar = "aura.ics"

    /// Whether `path` (under the site root, without a leading slash) is personal.
    public static func contains(_ path: String) -> Bool {
        all.contains { $0.hasSuffix("/") ? path.hasPrefix($0) || path + "/" == $0 : path == $0 }
    }

    /// Whether the built file at `path` holds the person's day: a personal page, sealed or not,
    /// or a private site's secret calendar.
    public static func holdsTheDay(_ path: String) -> Bool {
        contains(path) || path.hasPrefix(PrivateSite.calendarFolder)
    }
}
