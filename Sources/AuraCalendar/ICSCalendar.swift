import AuraPlanner
import CICal
import Foundation
import Synchronization

/// Busy time from an iCalendar (RFC 5545) file, read and expanded by libical: recurring
/// events (`RRULE`, `RDATE`, `EXDATE`, moved or cancelled occurrences), all-day events, and
/// events in other time zones. Events marked `TRANSP:TRANSPARENT` or `STATUS:CANCELLED` are
/// not busy. Times without a zone (floating times, all-day dates) are read in the site's zone.
public final class ICSCalendar: BusyCalendar {
    /// A rule with COUNT must be counted from DTSTART, so its occurrences are walked one by one
    /// up to the planned day; past this many (27 years of a daily event), the file is refused
    /// rather than read partly or slowly.
    public static let maximumCount = 10_000
    /// Events in one calendar: years of a busy calendar, and a bound on what each plan reads.
    public static let maximumEvents = 5_000
    /// Occurrences of rules with COUNT that are walked one by one from DTSTART (those with no
    /// regular period to count by, `countedPeriodInDays`), added over the calendar.
    public static let maximumWalked = 50_000
    /// Repeats faster than hourly are refused: a SECONDLY rule costs seconds of CPU a day
    /// and means nothing as busy time.
    static let refusedFrequencies: [icalrecurrencetype_frequency: String] = [
        ICAL_SECONDLY_RECURRENCE: "SECONDLY", ICAL_MINUTELY_RECURRENCE: "MINUTELY"
    ]

    /// libical's parsed tree. libical caches time-zone data inside it as it converts, so every
    /// use goes through the lock.
    private let root: Mutex<OpaquePointer>
    private let floatingTimeZone: TimeZone

    /// Whether a rule with COUNT skips the whole periods before the planned window by counting
    /// them (`countedPeriodInDays`) rather than walking each occurrence from DTSTART; off only
    /// to test the two against each other.
    let skipsCountedPeriods: Bool

    /// Parses `text`; an error names the line and what was wrong.
    public convenience init(text: String, floatingTimeZone: TimeZone) throws(InputError) {
        try self.init(text: text, floatingTimeZone: floatingTimeZone, skipsCountedPeriods: true)
    }

    init(text: String, floatingTimeZone: TimeZone, skipsCountedPeriods: Bool) throws(InputError) {
        let lines = ICSLines(text)
        guard lines.firstLine(containing: "BEGIN:VCALENDAR") != nil, let parsed = icalparser_parse_string(text) else {
            throw InputError(
                line: 1, column: 1, message: "not an iCalendar file; expected it to start with BEGIN:VCALENDAR")
        }
        do {
            try Self.validate(parsed, lines: lines)
        } catch {
            icalcomponent_free(parsed)
            throw error
        }
        root = Mutex(parsed)
        self.floatingTimeZone = floatingTimeZone
        self.skipsCountedPeriods = skipsCountedPeriods
    }

    deinit {
        root.withLock { icalcomponent_free($0) }
    }

    /// How many events the file holds (a repeating event and its moved occurrences each count).
    public var eventCount: Int {
        root.withLock { Self.events(in: $0).count }
    }

    public func busyIntervals(from start: Date, to end: Date) -> [BusyInterval] {
        root.withLock { root in
            var result: [BusyInterval] = []
            let events = Self.events(in: root)
            let moved = Set(
                events.compactMap { event -> String? in
                    let id = icalcomponent_get_recurrenceid(event)
                    return icaltime_is_null_time(id) != 0 ? nil : occurrenceKey(event, id)
                })
            for event in events where Self.isBusy(event) {
                let title = icalcomponent_get_summary(event).map { String(cString: $0) } ?? "Busy"
                for occurrence in occurrences(of: event, from: start, until: end, skipping: moved)
                where occurrence.end > start {
                    result.append(BusyInterval(start: occurrence.start, end: occurrence.end, title: title))
                }
            }
            return result
        }
    }

    /// The occurrences of `event` that start before `limit` and may reach `start`: its DTSTART,
    /// then the RRULE and RDATE instances not excluded by EXDATE or replaced by an overriding
    /// VEVENT. A rule without COUNT is expanded from the window, not from DTSTART, so an hourly
    /// event since 2015 still costs only the hours of the planned day.
    private func occurrences(
        of event: OpaquePointer, from start: Date, until limit: Date,
        skipping moved: Set<String>
    ) -> [(start: Date, end: Date)] {
        var dtstart = icalcomponent_get_dtstart(event)
        guard icaltime_is_null_time(dtstart) == 0 else { return [] }
        let length = Length(event: event, start: dtstart, instant: instant)
        let isOverride = icaltime_is_null_time(icalcomponent_get_recurrenceid(event)) == 0
        var starts = [dtstart]
        if !isOverride {
            for property in properties(ICAL_RDATE_PROPERTY, of: event) {
                var extra = icalproperty_get_rdate(property).time
                guard icaltime_is_null_time(extra) == 0 else { continue }
                if extra.zone == nil, let tzid = Self.tzid(of: property) {
                    extra.zone = Self.zone(named: tzid, for: event)
                }
                starts.append(extra)
            }
            for rule in properties(ICAL_RRULE_PROPERTY, of: event) {
                var recurrence = icalproperty_get_rrule(rule)
                let earliest = length.earliestStart(reaching: start)
                let hourly = recurrence.freq == ICAL_HOURLY_RECURRENCE
                let period = recurrence.count == 0 ? Self.periodInDays(recurrence) : nil
                var first = period.map {
                    shifted(dtstart, by: wholePeriods(from: dtstart, of: $0, before: earliest), of: $0, hourly: hourly)
                }
                if recurrence.count > 0, skipsCountedPeriods,
                    let counted = Self.countedPeriodInDays(recurrence, zoned: Self.isZoned(dtstart))
                {
                    // The occurrences of the periods skipped are counted, not walked: each
                    // whole period after the first holds as many as the second.
                    let periods = wholePeriods(from: dtstart, of: counted, before: earliest)
                    if periods >= 2 {
                        let before = { (periods: Int) in
                            self.occurrences(
                                of: recurrence, from: dtstart,
                                before: self.shifted(dtstart, by: periods, of: counted, hourly: hourly))
                        }
                        let (one, two) = (before(1), before(2))
                        let skipped = one + (periods - 1) * (two - one)
                        guard skipped < Int(recurrence.count) else { continue }
                        recurrence.count -= Int32(skipped)
                        first = shifted(dtstart, by: periods, of: counted, hourly: hourly)
                    }
                }
                guard let iterator = icalrecur_iterator_new(recurrence, first ?? dtstart) else { continue }
                defer { icalrecur_iterator_free(iterator) }
                if recurrence.count == 0, period == nil {
                    _ = icalrecur_iterator_set_start(iterator, Self.wallTime(earliest, like: dtstart))
                }
                // Validation bounds COUNT; the cap only guards against a rule libical cannot end.
                for _ in 0..<Self.maximumCount {
                    var next = icalrecur_iterator_next(iterator)
                    guard icaltime_is_null_time(next) == 0 else { break }
                    next.zone = dtstart.zone
                    if instant(next) >= limit { break }
                    starts.append(next)
                }
            }
        }
        var seen: Set<Date> = []
        return starts.compactMap { time in
            var time = time
            let begin = instant(time)
            guard begin < limit, seen.insert(begin).inserted else { return nil }
            if !isOverride,
                icalproperty_recurrence_is_excluded(event, &dtstart, &time) != 0
                    || moved.contains(occurrenceKey(event, time))
            {
                return nil
            }
            return (begin, length.end(from: time, instant: instant))
        }
    }

    /// How many days an hourly, daily or weekly rule takes to repeat its pattern exactly: its
    /// start moved by whole periods gives the same occurrences from there on. libical's own
    /// `icalrecur_iterator_set_start` loses the phase of `FREQ=HOURLY;INTERVAL=7`.
    private static func periodInDays(_ rule: icalrecurrencetype) -> Int? {
        let interval = max(1, Int(rule.interval))
        switch rule.freq {
        case ICAL_HOURLY_RECURRENCE:
            var (a, b) = (interval, 24)
            while b != 0 { (a, b) = (b, a % b) }
            return interval / a
        case ICAL_DAILY_RECURRENCE: return interval
        case ICAL_WEEKLY_RECURRENCE: return 7 * interval
        default: return nil
        }
    }

    /// How many days a rule with COUNT takes to repeat its pattern with the same number of
    /// occurrences in each period: an hourly rule with no BY part and no zone, a daily or weekly one with
    /// BYDAY at most (a week for a daily one with BYDAY), and BYHOUR, BYMINUTE or BYSECOND when
    /// it starts at a time in no zone or in UTC. Nil for the rest, which are walked from DTSTART.
    private static func countedPeriodInDays(_ rule: icalrecurrencetype, zoned: Bool) -> Int? {
        let empty = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        let hasByDay = rule.by_day.0 != empty
        let clockParts = rule.by_hour.0 != empty || rule.by_minute.0 != empty || rule.by_second.0 != empty
        let calendarParts =
            rule.by_month_day.0 != empty || rule.by_year_day.0 != empty || rule.by_week_no.0 != empty
            || rule.by_month.0 != empty || rule.by_set_pos.0 != empty
        // A clock part names wall-clock times, which a clock change may skip or repeat.
        guard !calendarParts, !(clockParts && zoned), let period = periodInDays(rule) else { return nil }
        switch rule.freq {
        case ICAL_HOURLY_RECURRENCE:
            // libical steps a zoned hourly rule with COUNT otherwise than one without.
            return hasByDay || clockParts || zoned ? nil : period
        case ICAL_DAILY_RECURRENCE:
            guard hasByDay else { return period }
            var (a, b) = (period, 7)
            while b != 0 { (a, b) = (b, a % b) }
            return period / a * 7
        default:
            return period
        }
    }

    /// Whether `time` is in a zone with clock changes (not floating, not a date, not UTC).
    private static func isZoned(_ time: icaltimetype) -> Bool {
        guard time.is_date == 0, let zone = time.zone else { return false }
        return zone != icaltimezone_get_utc_timezone()
    }

    /// How many occurrences `rule` has from `dtstart` before `limit` (at most its COUNT).
    private func occurrences(of rule: icalrecurrencetype, from dtstart: icaltimetype, before limit: icaltimetype)
        -> Int
    {
        guard let iterator = icalrecur_iterator_new(rule, dtstart) else { return 0 }
        defer { icalrecur_iterator_free(iterator) }
        let end = instant(limit)
        var found = 0
        while true {
            var next = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(next) == 0 else { return found }
            next.zone = dtstart.zone
            guard instant(next) < end else { return found }
            found += 1
        }
    }

    /// The most whole periods of `days` that `start` can move forward and stay before `instant`.
    private func wholePeriods(from start: icaltimetype, of days: Int, before instant: Date) -> Int {
        let first = LocalDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))!
        return max(0, first.days(to: LocalDate(instant, in: TimeZone(identifier: "UTC")!)) / days)
    }

    /// `start` moved forward by `periods` periods of `days`. libical steps an hourly rule in
    /// elapsed time across clock changes, so a zoned hourly start moves by elapsed days; every
    /// other start moves by calendar days on the wall clock.
    private func shifted(_ start: icaltimetype, by periods: Int, of days: Int, hourly: Bool) -> icaltimetype {
        guard periods > 0 else { return start }
        if hourly, let zone = start.zone {
            let moved = self.instant(start).addingTimeInterval(TimeInterval(periods * days) * 86_400)
            return icaltime_from_timet_with_zone(time_t(moved.timeIntervalSince1970), 0, zone)
        }
        var shifted = start
        shifted.day += Int32(periods * days)
        return icaltime_normalize(shifted)
    }

    /// `instant` as a wall time in UTC, carrying `template`'s zone and date-ness. Only a
    /// starting point for expansion: `earliestStart` leaves two days for any zone's offset.
    private static func wallTime(_ instant: Date, like template: icaltimetype) -> icaltimetype {
        var time = icaltime_from_timet_with_zone(
            time_t(instant.timeIntervalSince1970), template.is_date, icaltimezone_get_utc_timezone())
        time.zone = template.zone
        return time
    }

    /// An instant for an iCalendar time: in its own zone, or in the site's zone when it has none.
    private func instant(_ time: icaltimetype) -> Date {
        var zone = floatingTimeZone
        if time.is_date == 0, let own = time.zone {
            guard let named = Self.ianaZone(own) else {
                // A zone only the file's VTIMEZONE defines (a Windows name, say): libical converts.
                return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, own)))
            }
            zone = named
        }
        guard let day = LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) else {
            // A date no calendar has (a day 0 from a mangled rule): libical's own reading.
            return Date(
                timeIntervalSince1970: TimeInterval(
                    icaltime_as_timet_with_zone(time, time.zone ?? icaltimezone_get_utc_timezone())))
        }
        let wall = time.is_date != 0 ? 0 : Int(time.hour) * 60 + Int(time.minute)
        return day.date(minutes: wall, in: zone).addingTimeInterval(time.is_date != 0 ? 0 : TimeInterval(time.second))
    }

    /// Foundation's zone for a libical zone with an IANA name. Foundation reads a wall time that
    /// a clock change repeats as its first occurrence and one it skips as shifted past the gap,
    /// as RFC 5545 (3.3.5) asks; libical 3.0 takes the repeated time's second occurrence.
    private static func ianaZone(_ zone: OpaquePointer) -> TimeZone? {
        // Each string is copied at once: asking a built-in zone for its TZID loads it, which
        // frees the location string handed out before (found by the calendar fuzzer).
        let tzid = icaltimezone_get_tzid(zone).map { String(cString: $0) }
        let location = icaltimezone_get_location(zone).map { String(cString: $0) }
        for name in [location, tzid].compactMap({ $0 }) {
            // libical's built-in zones carry a prefix such as "/freeassociation.sourceforge.net/".
            var rest = Substring(name)
            while !rest.isEmpty {
                if let found = TimeZone(identifier: String(rest)) { return found }
                guard let slash = rest.firstIndex(of: "/") else { break }
                rest = rest[rest.index(after: slash)...]
            }
        }
        return nil
    }

    /// Identifies one occurrence of a recurring event across the master and its overrides.
    private func occurrenceKey(_ event: OpaquePointer, _ time: icaltimetype) -> String {
        let uid = icalcomponent_get_uid(event).map { String(cString: $0) } ?? ""
        return "\(uid)@\(instant(time).timeIntervalSince1970)"
    }

    private static func isBusy(_ event: OpaquePointer) -> Bool {
        if icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED { return false }
        guard let transp = icalcomponent_get_first_property(event, ICAL_TRANSP_PROPERTY) else { return true }
        let value = icalproperty_get_transp(transp)
        return value != ICAL_TRANSP_TRANSPARENT && value != ICAL_TRANSP_TRANSPARENTNOCONFLICT
    }

    /// Every VEVENT in the tree, in file order (one or more VCALENDARs).
    private static func events(in root: OpaquePointer) -> [OpaquePointer] {
        if icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT { return [root] }
        var result: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT)
        while let component = child {
            result += events(in: component)
            child = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)
        }
        return result
    }

    /// A time zone's rules repeat yearly (RFC 5545, 3.6.5): a finer one (`FREQ=HOURLY` from 1601)
    /// makes libical expand millions of transitions for one comparison (found by the calendar
    /// fuzzer), so it is an error where it is written.
    private static func validateZoneRules(_ root: OpaquePointer, lines: ICSLines) throws(InputError) {
        func parts(of component: OpaquePointer) -> [OpaquePointer] {
            var result: [OpaquePointer] = []
            var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
            while let current = child {
                let kind = icalcomponent_isa(current)
                if kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT {
                    result.append(current)
                } else {
                    result += parts(of: current)
                }
                child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
            }
            return result
        }
        for part in parts(of: root) {
            for rule in properties(ICAL_RRULE_PROPERTY, of: part)
            where icalproperty_get_rrule(rule).freq != ICAL_YEARLY_RECURRENCE {
                let written =
                    icalrecur_freq_to_string(icalproperty_get_rrule(rule).freq).map { "FREQ=\(String(cString: $0))" }
                    ?? "RRULE"
                let start = lines.firstLine(containing: "BEGIN:VTIMEZONE") ?? 1
                let line = lines.firstLine(containing: written, after: start) ?? start
                throw InputError(
                    line: line, column: 1,
                    message:
                        "a time zone's RRULE repeats more often than yearly; expected FREQ=YEARLY, as time zone rules do"
                )
            }
        }
    }

    private static func tzid(of property: OpaquePointer) -> String? {
        icalproperty_get_parameter_as_string(property, "TZID").map { String(cString: $0) }
    }

    /// The zone a TZID names, found as libical finds it for DTSTART: the calendar's VTIMEZONE,
    /// else libical's built-in zones.
    private static func zone(named tzid: String, for event: OpaquePointer) -> OpaquePointer? {
        icalcomponent_get_timezone(icalcomponent_get_parent(event) ?? event, tzid)
            ?? icaltimezone_get_builtin_timezone_from_tzid(tzid) ?? icaltimezone_get_builtin_timezone(tzid)
    }

    /// Rejects what libical flagged (X-LIC-ERROR), events without a start, rules libical
    /// cannot read, time zones neither the file nor libical knows, and more events or counted
    /// occurrences than a plan should spend its time on.
    private static func validate(_ root: OpaquePointer, lines: ICSLines) throws(InputError) {
        try validateZoneRules(root, lines: lines)
        let events = events(in: root)
        if events.count > maximumEvents {
            throw InputError(
                line: lines.line(ofBegin: "VEVENT", number: maximumEvents) ?? 1, column: 1,
                message:
                    "event \(maximumEvents + 1) of \(events.count); a calendar may hold at most \(maximumEvents) events, "
                    + "expected a shorter span of it")
        }
        var walked = 0
        for (index, event) in events.enumerated() {
            let line = lines.line(ofBegin: "VEVENT", number: index) ?? 1
            for error in properties(ICAL_XLICERROR_PROPERTY, of: event) {
                let message = icalproperty_get_xlicerror(error).map { String(cString: $0) } ?? "unreadable property"
                throw InputError(
                    line: lines.lineOfProblem(message, after: line) ?? line, column: 1,
                    message: "\(message); expected an RFC 5545 property")
            }
            guard icaltime_is_null_time(icalcomponent_get_dtstart(event)) == 0 else {
                throw InputError(
                    line: line, column: 1, message: "event without a readable DTSTART; expected DTSTART:YYYYMMDDTHHMMSS"
                )
            }
            try validateDates(of: event, at: line, lines: lines)
            for rule in properties(ICAL_RRULE_PROPERTY, of: event) {
                let recurrence = icalproperty_get_rrule(rule)
                let ruleLine = lines.firstLine(containing: "RRULE", after: line) ?? line
                if recurrence.freq == ICAL_NO_RECURRENCE {
                    throw InputError(
                        line: ruleLine, column: 1,
                        message: "RRULE could not be read; expected a rule such as FREQ=WEEKLY;BYDAY=MO")
                }
                if let name = refusedFrequencies[recurrence.freq] {
                    throw InputError(
                        line: ruleLine, column: 1,
                        message: "FREQ=\(name) repeats too often to plan around; expected HOURLY or slower")
                }
                if recurrence.count > maximumCount {
                    throw InputError(
                        line: ruleLine, column: 1,
                        message:
                            "COUNT=\(recurrence.count) is more occurrences than Aura counts; expected at most \(maximumCount), or UNTIL"
                    )
                }
                if recurrence.count > 0,
                    countedPeriodInDays(recurrence, zoned: isZoned(icalcomponent_get_dtstart(event))) == nil
                {
                    walked += Int(recurrence.count)
                    if walked > maximumWalked {
                        throw InputError(
                            line: ruleLine, column: 1,
                            message:
                                "the counted repeats (COUNT) up to here add up to \(walked) occurrences, more than the "
                                + "\(maximumWalked) Aura walks to plan a day; expected UNTIL in place of COUNT")
                    }
                }
            }
            try validateLength(of: event, at: line, lines: lines)
            for property in properties(ICAL_ANY_PROPERTY, of: event) {
                if let tzid = tzid(of: property), zone(named: tzid, for: event) == nil {
                    throw InputError(
                        line: lines.firstLine(containing: "TZID=\(tzid)", after: line) ?? line, column: 1,
                        message:
                            "unknown time zone '\(tzid)'; expected a VTIMEZONE for it or an IANA name such as Europe/Paris"
                    )
                }
            }
        }
    }
}

extension ICSCalendar {
    /// libical reads `20150100` or `T250000` without complaint; such a time names no moment,
    /// so it is an error where it is written (found by the calendar fuzzer).
    private static func validateDates(of event: OpaquePointer, at line: Int, lines: ICSLines) throws(InputError) {
        let kinds: [(icalproperty_kind, String, (OpaquePointer) -> icaltimetype)] = [
            (ICAL_DTSTART_PROPERTY, "DTSTART", icalproperty_get_dtstart),
            (ICAL_DTEND_PROPERTY, "DTEND", icalproperty_get_dtend),
            (ICAL_RECURRENCEID_PROPERTY, "RECURRENCE-ID", icalproperty_get_recurrenceid),
            (
                ICAL_RDATE_PROPERTY, "RDATE",
                { property in
                    let value = icalproperty_get_rdate(property)
                    return icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
                }
            ),
            (ICAL_EXDATE_PROPERTY, "EXDATE", icalproperty_get_exdate)
        ]
        for (kind, name, read) in kinds {
            for property in properties(kind, of: event) {
                let time = read(property)
                guard icaltime_is_null_time(time) == 0 else { continue }
                let real =
                    LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) != nil
                    && (0...23).contains(time.hour) && (0...59).contains(time.minute) && (0...60).contains(time.second)
                guard real else {
                    throw InputError(
                        line: lines.firstLine(containing: name, after: line) ?? line, column: 1,
                        message:
                            "\(name) is not a real date and time; expected YYYYMMDD or YYYYMMDDTHHMMSS with a day of the month and a time of day that exist"
                    )
                }
            }
        }
    }

    /// An event that ends before it starts would silently add no busy time: it is an error.
    private static func validateLength(of event: OpaquePointer, at line: Int, lines: ICSLines) throws(InputError) {
        let start = icalcomponent_get_dtstart(event)
        if icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY) != nil {
            guard icaldurationtype_as_int(icalcomponent_get_duration(event)) >= 0 else {
                throw InputError(
                    line: lines.firstLine(containing: "DURATION", after: line) ?? line, column: 1,
                    message: "negative DURATION; expected a length such as PT1H")
            }
        } else if icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY) != nil {
            let end = icalcomponent_get_dtend(event)
            guard icaltime_is_null_time(end) != 0 || icaltime_compare(end, start) >= 0 else {
                throw InputError(
                    line: lines.firstLine(containing: "DTEND", after: line) ?? line, column: 1,
                    message: "DTEND is before DTSTART; expected the event to end after it starts")
            }
        }
    }
}

/// How long each occurrence lasts: a span of days for an all-day event, else seconds.
private struct Length {
    let days: Int?
    let seconds: TimeInterval

    init(event: OpaquePointer, start: icaltimetype, instant: (icaltimetype) -> Date) {
        let end = icalcomponent_get_dtend(event)
        if start.is_date != 0 {
            let first = LocalDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))!
            let last =
                icaltime_is_null_time(end) == 0
                ? LocalDate(year: Int(end.year), month: Int(end.month), day: Int(end.day)) : nil
            days = max(1, last.map { first.days(to: $0) } ?? 1)
            seconds = 0
        } else if icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY) != nil {
            // An exact length: DTSTART plus DURATION can be a wall time a clock change skips.
            days = nil
            seconds = TimeInterval(max(0, icaldurationtype_as_int(icalcomponent_get_duration(event))))
        } else {
            days = nil
            seconds = icaltime_is_null_time(end) == 0 ? max(0, instant(end).timeIntervalSince(instant(start))) : 0
        }
    }

    /// The earliest start of an occurrence that can still reach `instant`, with two days to
    /// spare for time zones and clock changes.
    func earliestStart(reaching instant: Date) -> Date {
        instant.addingTimeInterval(-(TimeInterval(days ?? 0) * 86_400 + seconds + 2 * 86_400))
    }

    func end(from start: icaltimetype, instant: (icaltimetype) -> Date) -> Date {
        guard let days else { return instant(start).addingTimeInterval(seconds) }
        var last = start
        last.day += Int32(days)
        return instant(icaltime_normalize(last))
    }
}

/// The properties of one kind on a component, in order.
private func properties(_ kind: icalproperty_kind, of component: OpaquePointer) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var property = icalcomponent_get_first_property(component, kind)
    while let current = property {
        result.append(current)
        property = icalcomponent_get_next_property(component, kind)
    }
    return result
}
