import Foundation

/// Where and when the planner schedules: the site's time zone, its day window and the windows
/// of the parts of the day.
public struct PlannerSettings: Sendable, Equatable {
    public var timeZone: TimeZone
    /// Minutes after midnight, from `site.yml`'s `day.start` and `day.end`.
    var window: MinuteSpan
    /// Where a task that names a part of the day may go, from `site.yml`'s `parts_of_day`.
    var partsOfDay: [PartOfDay: MinuteSpan]

    public init(timeZone: TimeZone, window: MinuteSpan, partsOfDay: [PartOfDay: MinuteSpan] = PartOfDay.defaultSpans) {
        self.timeZone = timeZone
        self.window = window
        self.partsOfDay = partsOfDay
    }

    /// The day `instant` falls on in the site's time zone.
    public func day(of instant: Date) -> LocalDate { LocalDate(instant, in: timeZone) }

    /// The time of day of `instant` when it falls on `day`, else nil: what `in an hour` counts from.
    public func clock(of instant: Date, on day: LocalDate) -> ClockTime? {
        guard self.day(of: instant) == day else { return nil }
        let minutes = minutes(of: instant, on: day)
        return ClockTime(hour: minutes / 60, minute: minutes % 60)
    }

    /// Minutes after `day`'s midnight at which `instant` falls, clamped to the day (0…1440).
    func minutes(of instant: Date, on day: LocalDate) -> Int {
        let local = self.day(of: instant)
        if local < day { return 0 }
        if local > day { return 24 * 60 }
        let parts = Calendar.gregorian(in: timeZone).dateComponents([.hour, .minute], from: instant)
        return parts.hour! * 60 + parts.minute!
    }
}
