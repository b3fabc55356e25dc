import AuraTestSupport
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// The hand-written iCalendar writer, checked by rule and by outside parsers.
struct ICalendarTests {
    static let start = Date(timeIntervalSince1970: 1_796_202_000)  // 2026-12-02T09:00:00Z

    static func event(uid: String = "aura-2026-12-02-t1@aura.example", summary: String) -> CalendarEvent {
        CalendarEvent(
            uid: uid, sequence: 2, stamp: start.addingTimeInterval(-86_400), start: start,
            end: start.addingTimeInterval(5_400), summary: summary,
            description: "Tasks:\n• Draft the grant report, section 2; methods\n• Review Sam's notes",
            categories: ["Deep Work", "Focus, Work"], url: "https://aura.example/schedule/2026-12-02/#block-t1",
            alarm: (start.addingTimeInterval(-300), "🧠 Deep work starts in 5 minutes"))
    }

    @Test func foldsAtSeventyFiveOctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "日本語の🧠タスク", count: 12)
        let folded = ICalendarWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(physical.first! + physical.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    @Test func escapesText() {
        #expect(ICalendarWriter.escape("a;b,c\\d\ne") == "a\\;b\\,c\\\\d\\ne")
    }

    @Test func leavesPlainTextAndShortLinesAsTheyAre() {
        #expect(ICalendarWriter.escape("Deep work · 🧠 at the café") == "Deep work · 🧠 at the café")
        #expect(ICalendarWriter.escape("one\r\ntwo\rthree") == "one\\ntwothree")
        let exactly75 = "SUMMARY:" + String(repeating: "é", count: 33) + "x"
        #expect(exactly75.utf8.count == 75)
        #expect(ICalendarWriter.fold(exactly75) == exactly75)
        #expect(ICalendarWriter.fold(exactly75 + "y").components(separatedBy: "\r\n ").count == 2)
    }

    @Test(arguments: [
        (1_796_202_000.0, "20261202T090000Z"), (0.0, "19700101T000000Z"), (951_825_599.0, "20000229T115959Z"),
        (253_402_300_799.0, "99991231T235959Z")
    ])
    func utcDateTimes(seconds: Double, expected: String) {
        #expect(ICalendarWriter.utc(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test(arguments: [(-300, "-PT5M"), (0, "PT0S"), (5_400, "PT1H30M"), (-3_725, "-PT1H2M5S")])
    func durations(seconds: Int, expected: String) {
        #expect(ICalendarWriter.duration(seconds: seconds) == expected)
    }

    @Test func documentUsesCRLFAndUTC() {
        let ics = CalendarFeed(name: "Aura", description: "Plan", events: [Self.event(summary: "Deep work")]).ics
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(ics.contains("DTSTART:20261202T090000Z\r\n"))
        #expect(ics.contains("TRIGGER;RELATED=START:-PT5M\r\n"))
        #expect(ics.contains("CATEGORIES:Deep Work,Focus\\, Work\r\n"))
    }

    /// libical, python-icalendar, vobject and sabre/vobject accept the feed, and
    /// python-icalendar reads back exactly the text that went in.
    @Test func outsideEnginesAcceptTheFeedAndReadTheTextBack() throws {
        let checker = try Project.webcheckScript("check_ics.py")
        let summary = "Deep work: grant report; section 2, methods — 日本語 🧠 " + String(repeating: "long ", count: 20)
        let feed = CalendarFeed(
            name: "Aura · today", description: "Blocks, with alarms",
            events: [Self.event(summary: summary), Self.event(uid: "aura-2026-12-02-t2@aura.example", summary: "Admin")]
        )
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aura-\(UUID().uuidString).ics")
        try Data(feed.ics.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let check = try runProgram("python3", [checker, "--strict", file.path])
        #expect(check.status == 0, "\(check.output)")

        let readBack = try runProgram(
            "python3",
            [
                "-c",
                """
                import icalendar, sys
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                event = cal.walk('VEVENT')[0]
                sys.stdout.write(str(event['SUMMARY']) + '\\x00' + str(event['DESCRIPTION']) + '\\x00' + event['DTSTART'].dt.isoformat())
                """, file.path
            ])
        #expect(readBack.status == 0, "\(readBack.output)")
        let parts = readBack.output.components(separatedBy: "\0")
        #expect(parts.count == 3)
        #expect(parts.first == summary)
        #expect(parts.dropFirst().first == Self.event(summary: "").description)
        #expect(parts.last == "2026-12-02T09:00:00+00:00")
    }
}
