import AuraPlanner
import AuraTestSupport
import AuraUseCases
import Diagnostics
import Foundation
import Testing

/// The planner folder's reads: its settings follow every edit of `site.yml`, though a server
/// parses the file only once per change.
@Suite struct PlannerFolderTests {
    private func folder(siteYAML: String) throws -> PlannerFolder {
        let content = try temporaryFolder().appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data(siteYAML.utf8).write(to: content.appendingPathComponent("site.yml"))
        return PlannerFolder(content: content)
    }

    @Test func settingsFollowAnEditOfTheSiteSettings() throws {
        let folder = try folder(siteYAML: PlannerMorning.siteYAML)
        #expect(try folder.settings().timeZone.identifier == "Europe/London")
        #expect(try folder.settings().timeZone.identifier == "Europe/London")
        let edited = PlannerMorning.siteYAML.replacingOccurrences(of: "Europe/London", with: "Asia/Tokyo")
        try Data(edited.utf8).write(to: folder.content.appendingPathComponent("site.yml"))
        #expect(try folder.settings().timeZone.identifier == "Asia/Tokyo")
    }

    @Test func aBrokenEditIsReportedNotHiddenByWhatWasReadBefore() throws {
        let folder = try folder(siteYAML: PlannerMorning.siteYAML)
        _ = try folder.settings()
        try Data("title: [\n".utf8).write(to: folder.content.appendingPathComponent("site.yml"))
        #expect(throws: (any Error).self) { try folder.settings() }
    }

    /// The plan and the store read as one, and the files a person takes away: the planner's
    /// documents, never its lock.
    @Test func aReadGivesThePlanAndTheStoreAndTheExportItsDocuments() throws {
        let folder = try folder(siteYAML: PlannerMorning.siteYAML)
        #expect(try folder.read().plan == nil && folder.read().store == nil)
        #expect(try folder.documentFiles().isEmpty)
        let day = LocalDate(year: 2026, month: 12, day: 2)!
        _ = try QuickCapture(planner: folder).capture(["call the plumber 15m"], today: day) {}
        let nine = day.date(minutes: 9 * 60, in: try folder.settings().timeZone)
        let planned = try PlanMyDay(planner: folder).run(day: day, from: nine, clock: nine)
        #expect(try folder.read().plan?.days == planned.days)
        #expect(try folder.read().tasks.tasks.map(\.title) == ["call the plumber"])
        let names = try folder.documentFiles().map(\.name)
        #expect(names.contains("tasks.json") && names.contains("plan.json") && !names.contains { $0.hasPrefix(".") })
        let tasks = try #require(try folder.documentFiles().first { $0.name == "tasks.json" })
        #expect(tasks.data == (try Data(contentsOf: folder.store.url)))
    }

    /// Change times a record kept elsewhere carries over keep the later of each field's, and
    /// are not a change to undo.
    @Test func changeTimesCarriedOverKeepTheLaterOne() throws {
        let folder = try folder(siteYAML: PlannerMorning.siteYAML)
        let actions = TaskActions(planner: folder)
        try actions.noteChanges([("t1", "done", 5)])  // no store yet: nothing to note
        #expect(!FileManager.default.fileExists(atPath: folder.store.url.path))
        let day = LocalDate(year: 2026, month: 12, day: 2)!
        _ = try QuickCapture(planner: folder).capture(["call the plumber 15m"], today: day) {}
        let nine = day.date(minutes: 9 * 60, in: try folder.settings().timeZone)
        _ = try PlanMyDay(planner: folder).run(day: day, from: nine, clock: nine)
        _ = try actions.change(["t1"], .done, day: nil, today: day, at: 100)
        try actions.noteChanges([("t1", "done", 50), ("t1", "title", 70), ("t9", "done", 90)])
        let task = try folder.read().tasks.tasks[0]
        #expect(task.changed["done"] == 100 && task.changed["title"] == 70)
        #expect(try folder.read().tasks.recentChanges.map(\.summary) == ["Done “call the plumber”"])
    }

    /// A `plan.json` broken by hand is an error where it is broken, for the build to report, not
    /// a site built without a plan.
    @Test func aBrokenPlanIsAnErrorAtItsPosition() throws {
        let folder = try folder(siteYAML: PlannerMorning.siteYAML)
        try FileManager.default.createDirectory(at: folder.folder, withIntermediateDirectories: true)
        try Data("{\n  \"days\": [\n    {\"date\": 7}\n  ]\n}\n".utf8).write(to: folder.snapshot)
        let error = #expect(throws: SourceError.self) { try folder.read() }
        let text = error?.description ?? ""
        #expect(text.contains("planner/plan.json:1:1: missing \"version\""), "\(text)")
    }
}
