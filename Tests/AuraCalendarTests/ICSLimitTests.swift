import Foundation
import Testing

@testable import AuraCalendar
@testable import AuraPlanner

/// Calendars written to hang or mislead the planner: rules that repeat every second, rules
/// that began years ago, events that end before they start.
struct ICSLimitTests {
    static let london = ICSCalendarTests.london

    static func event(_ lines: String...) -> String {
        event(lines)
    }

    static func event(_ lines: [String]) -> String {
        ICSCalendarTests.ics(
            ["BEGIN:VEVENT", "UID:x", "DTSTAMP:20150101T000000Z", "SUMMARY:Check"] + lines + ["END:VEVENT"])
    }

    @Test func anHourlyEventSince2015StillFillsEveryHourOfADayIn2026() throws {
        let calendar = try ICSCalendar(
            text: Self.event("DTSTART:20150105T090000Z", "DTEND:20150105T091500Z", "RRULE:FREQ=HOURLY"),
            floatingTimeZone: Self.london)
        let busy = ICSCalendarTests.busy(calendar, on: "2026-12-02")
        #expect(busy.count == 24)
        #expect(busy.first == "00:00-00:15 Check" && busy.last == "23:00-23:15 Check")
        let ending = try ICSCalendar(
            text: Self.event(
                "DTSTART:20150105T090000Z", "DTEND:20150105T091500Z",
                "RRULE:FREQ=HOURLY;UNTIL=20261202T120000Z"), floatingTimeZone: Self.london)
        #expect(ICSCalendarTests.busy(ending, on: "2026-12-02").count == 13)
        #expect(ICSCalendarTests.busy(ending, on: "2026-12-03").isEmpty)
    }

    /// Rules expanded from the planned window (no COUNT) give exactly what counting every
    /// occurrence from DTSTART gives (the same rule with a COUNT that outlasts the window).
    @Test(
        arguments: [
            "FREQ=HOURLY", "FREQ=HOURLY;INTERVAL=7", "FREQ=HOURLY;INTERVAL=5;BYHOUR=9,10,11,12,13,14", "FREQ=DAILY",
            "FREQ=DAILY;INTERVAL=3", "FREQ=DAILY;BYDAY=SA,SU", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
            "FREQ=WEEKLY;INTERVAL=3", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=-1FR",
            "FREQ=MONTHLY;INTERVAL=5",
            "FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=2",
            "FREQ=YEARLY;INTERVAL=3",
            "FREQ=YEARLY;BYMONTH=11,12;BYDAY=WE"
        ], ["DTSTART:20251105T233000Z", "DTSTART;TZID=America/New_York:20251105T233000", "DTSTART:20251105T233000"])
    func expandingFromTheWindowAgreesWithCountingFromTheStart(rule: String, start: String) throws {
        func calendar(_ rule: String) throws -> ICSCalendar {
            try ICSCalendar(text: Self.event(start, "DURATION:PT2H", "RRULE:\(rule)"), floatingTimeZone: Self.london)
        }
        let fromWindow = try calendar(rule)
        let counted = try calendar(rule + ";COUNT=10000")
        // Every fifth day across the clock change of 29 March and into the next year.
        var day = LocalDate(year: 2026, month: 3, day: 21)!
        for _ in 0..<12 {
            #expect(
                ICSCalendarTests.busy(fromWindow, on: day.iso) == ICSCalendarTests.busy(counted, on: day.iso),
                "\(day.iso)")
            day = day.adding(days: day.month == 3 || day.month == 4 ? 5 : 67)
        }
    }

    /// A rule with COUNT skips the whole periods before the window by counting them; what it
    /// gives is what walking every occurrence from DTSTART gives, on days before, across and
    /// after the last occurrence, across the clock changes, with EXDATE (which COUNT counts).
    @Test(
        arguments: [
            "FREQ=HOURLY;COUNT=3500", "FREQ=HOURLY;INTERVAL=7;COUNT=520", "FREQ=HOURLY;INTERVAL=5;COUNT=900",
            "FREQ=DAILY;COUNT=150", "FREQ=DAILY;INTERVAL=3;COUNT=52", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=107",
            "FREQ=DAILY;BYDAY=SA,SU;COUNT=44", "FREQ=DAILY;INTERVAL=2;BYDAY=MO,TH;COUNT=30",
            "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=66", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=11",
            "FREQ=WEEKLY;COUNT=22", "FREQ=DAILY;BYHOUR=9,17;COUNT=300", "FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=8,12;COUNT=90"
        ], ["DTSTART:20251105T233000Z", "DTSTART;TZID=America/New_York:20251105T233000", "DTSTART:20251105T233000"])
    func countingWholePeriodsAgreesWithWalkingEveryOccurrence(rule: String, start: String) throws {
        func calendar(skipping: Bool) throws -> ICSCalendar {
            try ICSCalendar(
                text: Self.event(start, "DURATION:PT2H", "RRULE:\(rule)", "EXDATE:20251201T233000Z"),
                floatingTimeZone: Self.london, skipsCountedPeriods: skipping)
        }
        let (counted, walked) = (try calendar(skipping: true), try calendar(skipping: false))
        var day = LocalDate(year: 2025, month: 11, day: 20)!
        var busyDays = 0
        while day.iso < "2026-05-01" {
            let expected = ICSCalendarTests.busy(walked, on: day.iso)
            #expect(ICSCalendarTests.busy(counted, on: day.iso) == expected, "\(day.iso)")
            busyDays += expected.isEmpty ? 0 : 1
            day = day.adding(days: 1)
        }
        #expect(busyDays >= 10)
    }

    /// A hundred hourly events counted to 9,999 each (the upload that took 18 s a plan): a year
    /// on, each is there every hour, and it ends where its count does.
    @Test func aHundredLongCountedHourlyEventsEndWhereTheirCountEnds() throws {
        let events = (0..<100).flatMap { index in
            [
                "BEGIN:VEVENT", "UID:\(index)", "DTSTAMP:20260101T000000Z", "SUMMARY:Ping \(index)",
                "DTSTART:20260101T00\(String(format: "%02d", index % 50))00Z", "DURATION:PT1M",
                "RRULE:FREQ=HOURLY;COUNT=9999", "END:VEVENT"
            ]
        }
        let calendar = try ICSCalendar(text: ICSCalendarTests.ics(events), floatingTimeZone: Self.london)
        // 9,999 hours from 1 January 2026 end on 21 February 2027 at 14:00 UTC.
        #expect(ICSCalendarTests.busy(calendar, on: "2027-02-21").count == 100 * 15)
        #expect(ICSCalendarTests.busy(calendar, on: "2027-02-22").isEmpty)
        #expect(ICSCalendarTests.busy(calendar, on: "2026-07-01").count == 100 * 24)
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try ICSCalendar(text: text, floatingTimeZone: london)
            return nil
        } catch {
            return error.description
        }
    }

    /// libical reads a day 0 or an hour 25 without a word; the calendar fuzzer found the planner
    /// trapping on them later.
    @Test(arguments: [
        ("DTSTART:20150100T090000Z", "DTSTART"), ("DTSTART:20261202T250000Z", "DTSTART"),
        ("DTSTART:20261231T090000Z\nDTEND:20261232T100000Z", "DTEND"),
        ("DTSTART:20261202T090000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY\nEXDATE:20260230T090000Z", "EXDATE")
    ])
    func impossibleDatesAreErrorsWhereTheyAreWritten(lines: String, property: String) {
        let text = Self.event(lines.split(separator: "\n").map(String.init))
        #expect(throws: InputError.self) { try ICSCalendar(text: text, floatingTimeZone: Self.london) }
        do {
            _ = try ICSCalendar(text: text, floatingTimeZone: Self.london)
        } catch {
            #expect(error.message.hasPrefix("\(property) is not a real date and time"), "\(error.message)")
            let written = text.components(separatedBy: "\r\n").firstIndex { $0.hasPrefix(property) }.map { $0 + 1 }
            #expect(error.line == written)
        }
    }

    @Test func rulesFasterThanHourlyAreRefused() {
        #expect(
            Self.error(Self.event("DTSTART:20261201T090000Z", "RRULE:FREQ=SECONDLY"))
                == "9:1: FREQ=SECONDLY repeats too often to plan around; expected HOURLY or slower")
        #expect(
            Self.error(Self.event("DTSTART:20261201T090000Z", "RRULE:FREQ=MINUTELY;INTERVAL=15"))
                == "9:1: FREQ=MINUTELY repeats too often to plan around; expected HOURLY or slower")
    }

    @Test func aCountTooLargeToWalkIsRefused() {
        #expect(
            Self.error(Self.event("DTSTART:20150101T090000Z", "RRULE:FREQ=HOURLY;COUNT=10001"))
                == "9:1: COUNT=10001 is more occurrences than Aura counts; expected at most 10000, or UNTIL")
    }

    /// Before: a calendar of any number of events, each counted to 10,000 from its start in
    /// its own zone, was kept, and every plan walked them all.
    @Test func moreEventsOrCountedOccurrencesThanAPlanWalksAreRefusedWhereTheyPass() {
        func events(_ count: Int, rule: String) -> String {
            ICSCalendarTests.ics(
                (0..<count).flatMap { index in
                    [
                        "BEGIN:VEVENT", "UID:\(index)", "DTSTAMP:20260101T000000Z",
                        "DTSTART;TZID=Europe/Paris:20260101T090000", "DURATION:PT1H", rule, "END:VEVENT"
                    ]
                })
        }
        #expect(
            Self.error(events(6, rule: "RRULE:FREQ=HOURLY;COUNT=9000"))
                == "44:1: the counted repeats (COUNT) up to here add up to 54000 occurrences, more than the 50000 Aura walks to plan a day; expected UNTIL in place of COUNT"
        )
        // Counted by whole weeks, not walked: any number of these may be kept.
        #expect(Self.error(events(6, rule: "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=9000")) == nil)
        #expect(
            Self.error(events(5_001, rule: "RRULE:FREQ=WEEKLY;COUNT=3"))
                == "35004:1: event 5001 of 5001; a calendar may hold at most 5000 events, expected a shorter span of it"
        )
    }

    @Test func eventsThatEndBeforeTheyStartAreErrorsAtTheirLine() {
        #expect(
            Self.error(Self.event("DTSTART:20261202T100000Z", "DTEND:20261202T090000Z"))
                == "9:1: DTEND is before DTSTART; expected the event to end after it starts")
        #expect(
            Self.error(Self.event("DTSTART;VALUE=DATE:20261203", "DTEND;VALUE=DATE:20261201"))
                == "9:1: DTEND is before DTSTART; expected the event to end after it starts")
        #expect(
            Self.error(Self.event("DTSTART:20261202T100000Z", "DURATION:-PT1H"))
                == "9:1: negative DURATION; expected a length such as PT1H")
    }
}
