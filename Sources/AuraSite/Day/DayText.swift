import AuraPlanner
import SiteEngine

/// Dates as pages show them.
public enum DayText {
    /// `Wednesday 2 December`.
    public static func title(_ date: LocalDate) -> String {
        "\(date.weekday.name) \(date.day) \(LocalDate.monthNames[date.month - 1])"
    }

    /// `Wed 2 Dec`.
    static func short(_ date: LocalDate) -> String {
        "\(date.weekday.name.prefix(3)) \(date.day) \(LocalDate.monthNames[date.month - 1].prefix(3))"
    }
}
