import AuraPlanner
import AuraTestSupport
import AuraUseCases
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
}
