import Foundation

/// Where and when the planner schedules: the site's time zone, its day window, the bedtime that
/// ends the evening after it, and the windows of the parts of the day.
public struct PlannerSettings: Sendable, Equatable {
    /// 22:30: when `site.yml` names no bedtime, the evening after the window ends here.
    public static let defaultBedtime = 22 * 60 + 30

    public var timeZone: TimeZone
    /// Minutes after midnight, from `site.yml`'s `day.start` and `day.end`.
    public internal(set) var window: MinuteSpan
    /// Minutes after midnight, at or after the window's end (`day.bedtime`).
    public internal(set) var bedtime: Int
    /// Where a task that names a part of the day may go, from `site.yml`'s `parts_of_day`.
    public internal(set) var partsOfDay: [PartOfDay: MinuteSpan]
    /// How capture reads dates: `site.yml`'s `locale`, `date_order` and `birthday`.
    public var capture: CaptureSettings

    public init(
        timeZone: TimeZone, window: MinuteSpan, bedtime: Int? = nil,
        partsOfDay: [PartOfDay: MinuteSpan] = PartOfDay.defaultSpans, capture: CaptureSettings = CaptureSettings()
    ) {
        self.capture = capture
        self.timeZone = timeZone
        self.window = window
        self.bedtime = max(bedtime ?? Self.defaultBedtime, window.end)
        self.partsOfDay = partsOfDay
    }

    /// The evening after the window (its end to bedtime) when `now` falls on `day` after the
    /// window has closed: then the day's plan holds only what fits the evening, and Plan My
    /// Day plans the rest tomorrow. Nil while the window is open, or on another day.
    public func evening(on day: LocalDate, now: Date?) -> MinuteSpan? {
        guard let now, self.day(of: now) == day, minutes(of: now, on: day) >= window.end else { return nil }
        return MinuteSpan(start: window.end, end: bedtime)
    }

    /// What a plan of `day` made at `now` is about.
    public func plannedDay(_ day: LocalDate, now: Date?) -> PlannedDay {
        guard let evening = evening(on: day, now: now), let now else { return .day }
        return minutes(of: now, on: day) < evening.end ? .tonightAndTomorrow : .tomorrow
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

/// Which day a plan made from a moment is about.
public enum PlannedDay: Sendable, Equatable {
    /// The rest of the day's window (or a whole day, planned ahead).
    case day
    /// The evening after the window, until bedtime, and tomorrow.
    case tonightAndTomorrow
    /// Tomorrow: bedtime has passed.
    case tomorrow

    /// Its name in JSON answers: `day`, `tonight-and-tomorrow` or `tomorrow`.
    public var name: String {
        switch self {
        case .day: "day"
        case .tonightAndTomorrow: "tonight-and-tomorrow"
        case .tomorrow: "tomorrow"
        }
    }
}
