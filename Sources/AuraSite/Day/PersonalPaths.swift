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
}
