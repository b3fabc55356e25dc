import AuraCalendar
import Foundation
import Testing

@testable import AuraPlanner

/// Seeded random calendars of recurring events, expanded by libical (through `ICSCalendar`) and
/// by a plain reference expansion written here; the two must agree on every day checked. Both
/// sides turn wall times in IANA zones into instants with Foundation, so what this compares is
/// the expansion: COUNT, BYDAY, EXDATE, DURATION, and occurrences that straddle midnight.
struct ICSPropertyTests {
    static let calendars = 1000
    static let daysPerCalendar = 6
    static let london = TimeZone(identifier: "Europe/London")!
    static let zones = ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Sydney"]

    struct Event {
        let uid: String
        let zone: String
        let firstDay: LocalDate
        let minutes: Int
        let length: Int
        /// nil for daily, else the weekdays of a weekly rule (DTSTART is one of them).
        let weekdays: [Weekday]?
        let count: Int
        let excluded: Set<Int>

        /// Each occurrence's day, in order, before exclusions.
        var days: [LocalDate] {
            var result: [LocalDate] = []
            var day = firstDay
            while result.count < count {
                if weekdays.map({ $0.contains(day.weekday) }) ?? true { result.append(day) }
                day = day.adding(days: 1)
            }
            return result
        }

        func occurrences() -> [(Date, Date)] {
            let timeZone = TimeZone(identifier: zone)!
            return days.enumerated().filter { !excluded.contains($0.offset) }.map { _, day in
                let start = day.date(minutes: minutes, in: timeZone)
                return (start, start.addingTimeInterval(Double(length * 60)))
            }
        }

        func ics() -> [String] {
            func stamp(_ day: LocalDate) -> String {
                day.iso.replacingOccurrences(of: "-", with: "") + "T"
                    + ClockTime.format(minutes).replacingOccurrences(of: ":", with: "") + "00"
            }
            let zoned = zone == "UTC" ? ":" : ";TZID=\(zone):"
            let suffix = zone == "UTC" ? "Z" : ""
            let rule =
                weekdays.map { "FREQ=WEEKLY;BYDAY=" + $0.map(\.rruleCode).joined(separator: ",") } ?? "FREQ=DAILY"
            let all = days
            return [
                "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(uid)",
                "DTSTART\(zoned)\(stamp(firstDay))\(suffix)", "DURATION:PT\(length)M", "RRULE:\(rule);COUNT=\(count)"
            ]
                + excluded.sorted().map { "EXDATE\(zoned)\(stamp(all[$0]))\(suffix)" }
                + ["END:VEVENT"]
        }
    }

    static func randomEvent(_ index: Int, _ random: inout SplitMix64) -> Event {
        let firstDay = LocalDate(year: 2026, month: 1, day: 1)!.adding(days: Int.random(in: 0..<330, using: &random))
        let weekly = random.chance(0.6)
        var weekdays: [Weekday]?
        if weekly {
            let extra = Weekday.allCases.filter { _ in random.chance(0.3) }
            weekdays = Weekday.allCases.filter { $0 == firstDay.weekday || extra.contains($0) }
        }
        let count = Int.random(in: 1...25, using: &random)
        return Event(
            uid: "e\(index)", zone: random.pick(zones), firstDay: firstDay,
            minutes: Int.random(in: 0..<(24 * 4), using: &random) * 15, length: random.pick([15, 30, 60, 90, 180, 600]),
            weekdays: weekdays, count: count,
            excluded: Set((0..<count).filter { _ in random.chance(0.15) }))
    }

    @Test func libicalAgreesWithAPlainExpansion() throws {
        var daysChecked = 0
        var intervalsSeen = 0
        for seed in 1...UInt64(Self.calendars) {
            var random = SplitMix64(seed: seed &* 104_729)
            let events = (0..<Int.random(in: 1...5, using: &random)).map { Self.randomEvent($0, &random) }
            let text =
                (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Aura tests//EN"] + events.flatMap { $0.ics() } + [
                    "END:VCALENDAR"
                ])
                .joined(separator: "\r\n") + "\r\n"
            let calendar = try ICSCalendar(text: text, floatingTimeZone: Self.london)
            let expected = events.flatMap { event in event.occurrences().map { (event.uid, $0.0, $0.1) } }
            for _ in 0..<Self.daysPerCalendar {
                let anchor = expected.isEmpty ? events[0].firstDay : LocalDate(random.pick(expected).1, in: Self.london)
                let day = anchor.adding(days: Int.random(in: -1...1, using: &random))
                let start = day.date(minutes: 0, in: Self.london)
                let end = day.adding(days: 1).date(minutes: 0, in: Self.london)
                let want = expected.filter { $0.1 < end && $0.2 > start }.map {
                    "\($0.0) \($0.1.timeIntervalSince1970)-\($0.2.timeIntervalSince1970)"
                }.sorted()
                let got = calendar.busyIntervals(from: start, to: end)
                    .map { "\($0.title) \($0.start.timeIntervalSince1970)-\($0.end.timeIntervalSince1970)" }.sorted()
                #expect(got == want, "seed \(seed), \(day.iso)\n\(text)")
                daysChecked += 1
                intervalsSeen += got.count
            }
        }
        print(
            "ICS properties: \(Self.calendars) random calendars, \(daysChecked) days compared, \(intervalsSeen) busy intervals"
        )
    }
}
