import AuraCalendar
import Foundation
import Testing

@testable import AuraPlanner

/// `Fixtures/week.ics` read in Europe/London. Each expected interval was worked out by hand
/// from the file and agrees with python-icalendar 7.3.2 + recurring-ical-events 3.8.2, run once:
/// `recurring_ical_events.of(cal).between(day, day + 1)` without cancelled or transparent events.
struct ICSCalendarTests {
    static let london = TimeZone(identifier: "Europe/London")!

    static func calendar() throws -> ICSCalendar {
        let url = try #require(Bundle.module.url(forResource: "week", withExtension: "ics", subdirectory: "Fixtures"))
        return try ICSCalendar(text: String(contentsOf: url, encoding: .utf8), floatingTimeZone: london)
    }

    /// The busy intervals on `day` as "HH:MM-HH:MM title" in London time, sorted; an interval
    /// running past midnight shows the date it ends.
    static func busy(_ calendar: ICSCalendar, on day: String) -> [String] {
        let date = LocalDate(iso: day)!
        let start = date.date(minutes: 0, in: london)
        let end = date.adding(days: 1).date(minutes: 0, in: london)
        return calendar.busyIntervals(from: start, to: end).map { interval in
            "\(stamp(interval.start, on: date))-\(stamp(interval.end, on: date)) \(interval.title)"
        }.sorted()
    }

    static func stamp(_ instant: Date, on day: LocalDate) -> String {
        let text = isoTimestamp(instant, in: london)
        let clock = String(text.dropFirst(11).prefix(5))
        return LocalDate(instant, in: london) == day ? clock : "\(text.prefix(10)) \(clock)"
    }

    @Test(arguments: [
        // Wednesday: the standup is excluded by EXDATE; the New York sync is 09:00 EST; the
        // dentist has a floating time, read in London; the birthday is transparent; the review is cancelled.
        ("2026-12-02", ["08:30-09:15 Dentist", "14:00-14:45 New York sync"]),
        // Friday: the Berlin crit (a Windows zone name with its VTIMEZONE) at 09:00 CET, the
        // standup, and the sync's tenth and last occurrence (COUNT=10).
        ("2026-12-04", ["08:00-09:00 Berlin design crit", "10:00-10:30 Team standup", "14:00-14:45 New York sync"]),
        // Tuesday: the 1:1 was moved away by a RECURRENCE-ID override; the sync has ended.
        ("2026-12-08", []),
        // Wednesday: the two-day all-day offsite, the standup, and the moved 1:1.
        (
            "2026-12-09",
            ["00:00-2026-12-11 00:00 Studio offsite", "10:00-10:30 Team standup", "16:00-16:30 1:1 with Priya (moved)"]
        ),
        // The offsite's second day: it began the day before.
        ("2026-12-10", ["2026-12-09 00:00-2026-12-11 00:00 Studio offsite"]),
        // Before and after the change to summer time in Berlin and in London (both on 29 March):
        // 09:00 in Berlin stays 09:00 there, which is 08:00 in London either way.
        ("2026-03-20", ["08:00-09:00 Berlin design crit"]),
        ("2026-04-03", ["08:00-09:00 Berlin design crit"]),
        ("2026-12-05", [])
    ])
    func expandsRecurrenceExceptionsAllDayAndZones(day: String, expected: [String]) throws {
        #expect(Self.busy(try Self.calendar(), on: day) == expected)
    }

    @Test func theFirstOccurrenceOfAWeeklyEventIsItsStart() throws {
        // 2 November 2026 was a Monday: DTSTART itself.
        #expect(Self.busy(try Self.calendar(), on: "2026-11-02") == ["10:00-10:30 Team standup"])
    }

    static func ics(_ lines: String...) -> String { ics(lines) }

    static func ics(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Aura tests//EN"] + lines + ["END:VCALENDAR"]).joined(
            separator: "\r\n") + "\r\n"
    }

    @Test func exdateListsAndUntilEndARule() throws {
        let text = Self.ics(
            "BEGIN:VEVENT", "UID:a", "DTSTAMP:20261101T000000Z", "SUMMARY:Walk",
            "DTSTART:20261130T120000Z", "DTEND:20261130T123000Z",
            "RRULE:FREQ=DAILY;UNTIL=20261203T120000Z", "EXDATE:20261201T120000Z,20261202T120000Z", "END:VEVENT")
        let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
        #expect(Self.busy(calendar, on: "2026-11-30") == ["12:00-12:30 Walk"])
        #expect(Self.busy(calendar, on: "2026-12-01") == [])
        #expect(Self.busy(calendar, on: "2026-12-02") == [])
        #expect(Self.busy(calendar, on: "2026-12-03") == ["12:00-12:30 Walk"])
        #expect(Self.busy(calendar, on: "2026-12-04") == [])
    }

    /// RFC 5545 3.3.5: a wall time that the clock change repeats means its first occurrence; one
    /// the change skips is read with the offset from before the gap.
    @Test(arguments: [
        ("20261025T013000", "2026-10-25T00:30:00Z"),  // 01:30 happens twice in London on 25 October: BST first
        ("20260329T013000", "2026-03-29T01:30:00Z")  // 01:30 never happens on 29 March: read as GMT
    ])
    func wallTimesAroundClockChangesFollowTheRFC(local: String, utc: String) throws {
        let text = Self.ics(
            "BEGIN:VEVENT", "UID:dst", "DTSTAMP:20261101T000000Z", "SUMMARY:Early",
            "DTSTART;TZID=Europe/London:\(local)", "DURATION:PT30M", "END:VEVENT")
        let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
        let start = try #require(ISO8601DateFormatter().date(from: utc))
        let busy = calendar.busyIntervals(from: start.addingTimeInterval(-86_400), to: start.addingTimeInterval(86_400))
        #expect(busy.map(\.start) == [start])
        #expect(busy.map { $0.end.timeIntervalSince($0.start) } == [1800])
    }

    @Test func extraDatesAreReadInTheirOwnZone() throws {
        let text = Self.ics(
            "BEGIN:VEVENT", "UID:r", "DTSTAMP:20261101T000000Z", "SUMMARY:Board call",
            "DTSTART;TZID=America/New_York:20261201T090000", "DURATION:PT30M",
            "RDATE;TZID=America/New_York:20261203T090000,20261204T100000", "END:VEVENT")
        let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
        #expect(Self.busy(calendar, on: "2026-12-01") == ["14:00-14:30 Board call"])
        #expect(Self.busy(calendar, on: "2026-12-03") == ["14:00-14:30 Board call"])
        #expect(Self.busy(calendar, on: "2026-12-04") == ["15:00-15:30 Board call"])
    }

    @Test func anEventCrossingMidnightCountsOnBothDays() throws {
        let text = Self.ics(
            "BEGIN:VEVENT", "UID:b", "DTSTAMP:20261101T000000Z", "SUMMARY:Night train",
            "DTSTART:20261202T220000Z", "DTEND:20261203T070000Z", "END:VEVENT")
        let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
        #expect(Self.busy(calendar, on: "2026-12-02") == ["22:00-2026-12-03 07:00 Night train"])
        #expect(Self.busy(calendar, on: "2026-12-03") == ["2026-12-02 22:00-07:00 Night train"])
    }

    @Test(arguments: [
        ("", 1, "not an iCalendar file"),
        ("BEGIN:VEVENT\r\nEND:VEVENT\r\n", 1, "not an iCalendar file"),
        (ics("BEGIN:VEVENT", "UID:c", "DTSTRAT:20261202T090000Z", "END:VEVENT"), 6, "DTSTRAT"),
        (ics("BEGIN:VEVENT", "UID:d", "SUMMARY:No start", "END:VEVENT"), 4, "without a readable DTSTART"),
        (
            ics("BEGIN:VEVENT", "UID:e", "DTSTART;TZID=Mars/Olympus:20261202T090000", "END:VEVENT"), 6,
            "unknown time zone 'Mars/Olympus'"
        ),
        (ics("BEGIN:VEVENT", "UID:f", "DTSTART:20261202T090000Z", "RRULE:FREQ=SOMETIMES", "END:VEVENT"), 7, "RRULE"),
        // Found by the calendar fuzzer: an hourly zone rule from 1601 held libical for seconds.
        (
            ics(
                "BEGIN:VTIMEZONE", "TZID:Odd", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100",
                "TZOFFSETTO:+0200", "RRULE:FREQ=HOURLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:g", "DTSTART;TZID=Odd:20261202T090000", "END:VEVENT"), 10,
            "more often than yearly"
        )
    ])
    func badCalendarsAreErrorsWithALine(text: String, line: Int, message: String) {
        #expect {
            try ICSCalendar(text: text, floatingTimeZone: Self.london)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
