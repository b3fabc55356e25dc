import AuraCalendar
import Foundation
import Testing

@testable import AuraPlanner

/// Whole plans around seeded random calendars as people's calendars are: recurring events in
/// several zones, occurrences cancelled (EXDATE, STATUS:CANCELLED) and moved (RECURRENCE-ID),
/// transparent and all-day events. Every promise of the schedule and the plan must hold.
struct PlanCalendarPropertyTests {
    static let days = 1000
    static let london = TimeZone(identifier: "Europe/London")!

    static func stamp(_ day: LocalDate, _ minutes: Int) -> String {
        day.iso.replacingOccurrences(of: "-", with: "") + "T"
            + ClockTime.format(minutes).replacingOccurrences(of: ":", with: "") + "00"
    }

    /// A one-off event on `day` in London time, with extra properties.
    static func event(_ uid: String, on day: LocalDate, at minutes: Int, length: Int, _ extra: [String] = [])
        -> [String]
    {
        [
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(uid)",
            "DTSTART;TZID=Europe/London:\(stamp(day, minutes))", "DURATION:PT\(length)M"
        ] + extra + ["END:VEVENT"]
    }

    /// The calendar's text, and the span of its plain one-off meeting, if it has one.
    static func randomCalendar(around day: LocalDate, _ random: inout SplitMix64) -> (
        text: String, meeting: MinuteSpan?
    ) {
        var events = (0..<Int.random(in: 0...4, using: &random)).map { ICSPropertyTests.randomEvent($0, &random) }
        // Recurring events that reach the day planned, wherever their zone puts them.
        events = events.map { event in
            ICSPropertyTests.Event(
                uid: event.uid, zone: event.zone, firstDay: day.adding(days: -Int.random(in: 0...10, using: &random)),
                minutes: event.minutes, length: event.length, weekdays: nil, count: event.count + 10,
                excluded: event.excluded)
        }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Aura tests//EN"] + events.flatMap { $0.ics() }
        if let moved = events.first, random.chance(0.5) {
            // Today's occurrence of the first event, moved to another time.
            let original = moved.days.first { $0 == day } ?? moved.firstDay
            let zone = moved.zone == "UTC" ? ":" : ";TZID=\(moved.zone):"
            let suffix = moved.zone == "UTC" ? "Z" : ""
            lines += [
                "BEGIN:VEVENT", "UID:\(moved.uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:moved",
                "RECURRENCE-ID\(zone)\(stamp(original, moved.minutes))\(suffix)",
                "DTSTART;TZID=Europe/London:\(stamp(day, Int.random(in: 28...80, using: &random) * 15))",
                "DURATION:PT45M",
                "END:VEVENT"
            ]
        }
        if random.chance(0.6) {
            lines += event(
                "transparent", on: day, at: Int.random(in: 32...68, using: &random) * 15, length: 120,
                ["TRANSP:TRANSPARENT"])
        }
        if random.chance(0.4) {
            lines += event(
                "cancelled", on: day, at: Int.random(in: 32...68, using: &random) * 15, length: 90, ["STATUS:CANCELLED"]
            )
        }
        if random.chance(0.3) {
            let date = day.iso.replacingOccurrences(of: "-", with: "")
            lines += [
                "BEGIN:VEVENT", "UID:all-day", "DTSTAMP:20260101T000000Z", "SUMMARY:all-day",
                "DTSTART;VALUE=DATE:\(date)", "END:VEVENT"
            ]
        }
        var meeting: MinuteSpan?
        if random.chance(0.5) {
            let start = Int.random(in: 32...68, using: &random) * 15
            meeting = MinuteSpan(start: start, end: start + random.pick([15, 30, 60, 90]))
            lines += event("meeting", on: day, at: start, length: meeting!.length)
        }
        return ((lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n", meeting)
    }

    @Test func everyPlanAroundARandomCalendarKeepsItsPromises() throws {
        var busySeen = 0
        for seed in 1...UInt64(Self.days) {
            var random = SplitMix64(seed: seed &* 15_485_863)
            let day = LocalDate(
                year: 2026, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
            let settings = PlannerSettings(
                timeZone: Self.london,
                window: MinuteSpan(start: random.pick([7 * 60, 8 * 60 + 30]), end: random.pick([18 * 60 + 30, 21 * 60]))
            )
            let (text, meeting) = Self.randomCalendar(around: day, &random)
            let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
            var store = TaskStore()
            store.capture(
                try Inbox.capture(SchedulerPropertyTests.randomInbox(&random), with: CaptureParser(today: day)).flatMap(
                    \.items), on: day)
            let plan = DayPlanner(settings: settings).plan(store, on: day, calendar: calendar)
            var problems = SchedulerPropertyTests.planProblems(
                store, on: day, settings: settings, calendar: calendar, now: nil)
            let titles = Set(plan.busy.map(\.title))
            if titles.contains("transparent") { problems.append("a transparent event was counted as busy") }
            if titles.contains("cancelled") { problems.append("a cancelled event was counted as busy") }
            if text.contains("UID:all-day"), !titles.contains("all-day") {
                problems.append("the all-day event is not busy")
            }
            if let meeting, meeting.overlaps(settings.window), !titles.contains("meeting") {
                problems.append("the meeting is not busy")
            }
            #expect(problems.isEmpty, "seed \(seed): \(problems)\n\(text)")
            busySeen += plan.busy.count
        }
        print("Plan calendar properties: \(Self.days) random days, \(busySeen) busy intervals planned around")
        #expect(busySeen > Self.days)
    }
}
