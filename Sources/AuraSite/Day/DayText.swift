import AuraPlanner
import Foundation
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

/// An instant as the 24-hour clock time it is in `zone`: `18:30`.
func clockText(_ instant: Date, _ zone: TimeZone) -> String {
    String(isoTimestamp(instant, in: zone).dropFirst(11).prefix(5))
}
