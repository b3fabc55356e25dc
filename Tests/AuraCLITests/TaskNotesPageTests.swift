import AuraTestSupport
import Foundation
import Testing

/// What a task asked for reaches the personal pages: its deadline and part of the day beside it
/// on the schedule, the week board and the planner, and unread words flagged on the planner.
@Suite(.serialized) struct TaskNotesPageTests {
    static func page(_ output: URL, _ path: String) throws -> String {
        PersonalSiteTests.visibleText(try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8))
    }

    /// The default store: t3 (`outline the conference talk by end of next week`) and t14
    /// (`read 30 pages of Middlemarch this evening`), both planned on 2 December.
    @Test func theScheduleAndTheWeekShowTheDeadlineAndThePartOfTheDay() async throws {
        let output = try await buildDefaultSite()
        for path in ["schedule/2026-12-02/index.html", "week/index.html", "dashboard/index.html"] {
            let text = try Self.page(output, path)
            #expect(text.contains("outline the conference talk due Fri 11 Dec"), "\(path)")
            #expect(text.contains("Middlemarch Part of the day: evening"), "\(path)")
        }
        let html = try String(
            contentsOf: output.appendingPathComponent("schedule/2026-12-02/index.html"), encoding: .utf8)
        #expect(html.contains(#"due <time datetime="2026-12-11">Fri 11 Dec</time>"#))
    }

    /// `swim twice a week` waits in the default inbox: the planner says what it did not read.
    @Test func thePlannerFlagsWordsItDidNotRead() async throws {
        let output = try await buildDefaultSite()
        let text = try Self.page(output, "planner/index.html")
        #expect(text.contains("swim twice a week"))
        #expect(text.contains("Didn’t understand “twice a week”: no date, time or repeat was set from it."))
        #expect(text.contains("due Fri 11 Dec"))
    }
}
