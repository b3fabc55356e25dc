import AuraPlanner
import AuraSite
import AuraTestSupport
import AuraUseCases
import Foundation
import Testing

/// A served site after a change of the plan: the personal pages and files made over the
/// previous build (`ServedSite.replanned`, `ServedSite.personal`) are byte for byte the ones a
/// whole build from the changed planner makes, and none of another person's stands in for theirs.
@Suite struct ServedReplanTests {
    private struct Session: Encodable, Sendable {
        let name = "sam"
        let csrf = "token"
    }

    private let content: URL
    private let options: BuildOptions

    init() throws {
        let folder = try temporaryFolder()
        content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        try FileManager.default.removeItem(at: content.appendingPathComponent("planner/DEMO.md"))
        options = BuildOptions(
            contentDirectory: content, templatesDirectory: Project.templates,
            outputDirectory: folder.appendingPathComponent("Public"))
    }

    /// The planner with the first open task of its first day marked done.
    private func withADone(_ planner: PlannerState) throws -> PlannerState {
        let today = try #require(planner.plan?.today)
        let task = try #require(
            today.blocks.flatMap(\.tasks).first { task in
                planner.tasks.index(of: task.id).map { planner.tasks.tasks[$0].isOpen(on: today.date) } ?? false
            })
        var changed = planner
        var store = planner.tasks
        try store.markDone(task.id, on: today.date)
        changed.store = store
        changed.generation += 1
        return changed
    }

    /// Every personal page and file of `site`: the pages rendered with one session, the files as kept.
    private func personal(_ site: ServedSite, days: [LocalDate]) throws -> [String: Data] {
        var shown: [String: Data] = [:]
        let pages =
            ["dashboard/", "planner/", "reflections/", "week/", "focus/", "notifications/", "schedule/"]
            + days.map { "schedule/\($0.iso)/" }
        for page in pages {
            shown["/" + page] = try #require(try site.live.render(pageAt: "/" + page, session: Session()), "\(page)")
            shown[page + "index.html"] = try #require(try site.file(at: page + "index.html")?.data, "\(page)")
        }
        for file in ["aura.ics", "notifications.json"] + days.map({ "schedule/\($0.iso)/aura.ics" }) {
            shown[file] = try #require(try site.file(at: file)?.data, "\(file)")
        }
        shown["/"] = try site.live.render(pageAt: "/", session: Session())
        return shown
    }

    @Test func theOwnersPagesAfterADoneAreTheOnesAWholeBuildMakes() async throws {
        let before = try PlannerFolder(content: content).read()
        let after = try withADone(before)
        let days = try #require(after.plan?.days.map(\.date))
        let built = try await SiteBuilds.buildServed(options, planner: before, previous: nil)
        let replanned = try #require(try built.replanned(after), "only the store changed: no build")
        let whole = try await SiteBuilds.buildServed(options, planner: after, previous: nil)
        let made = try personal(replanned, days: days)
        let expected = try personal(whole, days: days)
        #expect(made.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected { #expect(made[path] == data, "\(path) differs from a whole build's") }
        #expect(try personal(built, days: days)["/dashboard/"] != expected["/dashboard/"], "the Done shows")
    }

    @Test func anotherPlanOfDaysIsBuiltWhole() async throws {
        let before = try PlannerFolder(content: content).read()
        var unplanned = before
        unplanned.plan = nil
        let built = try await SiteBuilds.buildServed(options, planner: before, previous: nil)
        #expect(try built.replanned(unplanned) == nil, "every page's header loses the day's pages")
    }

    @Test func aPersonsSiteOverTheOwnersShowsTheirsAndNothingOfTheOwners() async throws {
        let owner = try PlannerFolder(content: content).read()
        var theirs = try withADone(owner)
        var named = options
        named.profile = "ada"
        let built = try await SiteBuilds.buildServed(options, planner: owner, previous: nil)
        let whole = try await SiteBuilds.buildServed(named, planner: theirs, previous: nil)
        let days = try #require(theirs.plan?.days.map(\.date))
        let made = try personal(try built.personal(theirs, profile: "ada"), days: days)
        for (path, data) in try personal(whole, days: days) { #expect(made[path] == data, "\(path)") }

        theirs.plan = nil
        let empty = try built.personal(theirs, profile: "ada")
        for page in ["/schedule/", "/week/", "/focus/", "/notifications/"] {
            #expect(try empty.live.render(pageAt: page, session: Session()) == nil, "the owner's \(page)")
        }
        for file in ["schedule/index.html", "aura.ics", "notifications.json"] {
            #expect(try empty.file(at: file) == nil, "the owner's \(file)")
        }
        #expect(!empty.isFolder("schedule/"))
    }
}
