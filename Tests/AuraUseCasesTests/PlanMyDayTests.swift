import AuraPlanner
import AuraTestSupport
import AuraUseCases
import Foundation
import Testing

/// A plan's writes form one transaction: the store is saved first and remembers the inbox it
/// captured until the inbox is drained, so a plan stopped in between is finished by the next
/// one — nothing captured twice, nothing lost, lines added since kept. (Tests/Integrity kills
/// real `aura plan` processes at every step of it.)
@Suite struct PlanMyDayTests {
    static let inbox = "- call the bank\n- buy stamps\n"
    static let day = LocalDate(iso: "2026-12-02")!

    /// A content folder with the site settings and, when given, an inbox.
    private func planner(inbox: String? = nil) throws -> PlannerFolder {
        let content = try temporaryFolder().appendingPathComponent("Content")
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("planner"), withIntermediateDirectories: true)
        try Data(PlannerMorning.siteYAML.utf8).write(to: content.appendingPathComponent("site.yml"))
        let folder = PlannerFolder(content: content)
        if let inbox { try Data(inbox.utf8).write(to: folder.inbox.url) }
        return folder
    }

    @discardableResult
    private func plan(_ folder: PlannerFolder, dryRun: Bool = false) throws -> PlanMyDay.Outcome {
        try PlanMyDay(planner: folder).run(day: Self.day, from: nil, clock: PlannerMorning.now, dryRun: dryRun)
    }

    /// The state a plan killed after saving the store, before draining the inbox, leaves.
    private func stoppedBeforeDrain(inboxNow: String) throws -> PlannerFolder {
        let folder = try planner(inbox: Self.inbox)
        try plan(folder)
        var store = try TaskStore.decode(Data(contentsOf: folder.store.url))
        #expect(store.undrainedInbox == nil, "a finished plan must not leave a pending drain")
        store.undrainedInbox = Self.inbox
        try store.encoded().write(to: folder.store.url)
        try Data(inboxNow.utf8).write(to: folder.inbox.url)
        return folder
    }

    private func titles(_ folder: PlannerFolder) throws -> [String] {
        try TaskStore.decode(Data(contentsOf: folder.store.url)).tasks.map(\.title).sorted()
    }

    private func inbox(_ folder: PlannerFolder) throws -> String {
        try String(contentsOf: folder.inbox.url, encoding: .utf8)
    }

    @Test func aPlanCapturesTheInboxDrainsItAndWritesThePlan() throws {
        let folder = try planner(inbox: Self.inbox)
        let outcome = try plan(folder)
        #expect(outcome.captured.count == 2)
        #expect(outcome.days.count == 7)
        #expect(try titles(folder) == ["buy stamps", "call the bank"])
        #expect(try inbox(folder) == "")
        #expect(try folder.read().plan?.today?.date == Self.day)
    }

    @Test func stoppedBeforeTheDrainWithALineAddedSince() throws {
        let folder = try stoppedBeforeDrain(inboxNow: Self.inbox + "- water the plants\n")
        try plan(folder)
        #expect(try titles(folder) == ["buy stamps", "call the bank", "water the plants"])
        #expect(try inbox(folder) == "")
    }

    @Test func stoppedAfterTheDrainWithALineAddedSince() throws {
        let folder = try stoppedBeforeDrain(inboxNow: "- water the plants\n")
        try plan(folder)
        #expect(try titles(folder) == ["buy stamps", "call the bank", "water the plants"])
        #expect(try inbox(folder) == "")
    }

    @Test func stoppedBeforeTheDrainThenEditedByHand() throws {
        let folder = try stoppedBeforeDrain(inboxNow: "# Inbox\n- buy stamps\n- renew the passport\n- call the bank\n")
        try plan(folder)
        #expect(try titles(folder) == ["buy stamps", "call the bank", "renew the passport"])
        #expect(try inbox(folder) == "# Inbox\n")
    }

    @Test func aDryRunReadsThePendingDrainAndWritesNothing() throws {
        let folder = try stoppedBeforeDrain(inboxNow: Self.inbox)
        let store = try Data(contentsOf: folder.store.url)
        let outcome = try plan(folder, dryRun: true)
        #expect(outcome.captured == [], "the pending drain's lines were captured already")
        #expect(try Data(contentsOf: folder.store.url) == store)
        #expect(try inbox(folder) == Self.inbox)
    }

    @Test func aBrokenInboxLineChangesNoFile() throws {
        let folder = try planner(inbox: "- call the bank\n- pay \u{1B}[2Jrent\n")
        #expect(throws: (any Error).self) { try plan(folder) }
        #expect(!FileManager.default.fileExists(atPath: folder.store.url.path))
        #expect(!FileManager.default.fileExists(atPath: folder.snapshot.path))
        #expect(try inbox(folder) == "- call the bank\n- pay \u{1B}[2Jrent\n")
    }

    @Test func writingThroughASymlinkUpdatesItsTarget() throws {
        let folder = try planner()
        let elsewhere = folder.content.deletingLastPathComponent().appendingPathComponent("Synced")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(Self.inbox.utf8).write(to: elsewhere.appendingPathComponent("inbox.md"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.inbox.url.path, withDestinationPath: "../../Synced/inbox.md")
        try TaskStore().encoded().write(to: elsewhere.appendingPathComponent("tasks.json"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.store.url.path, withDestinationPath: elsewhere.appendingPathComponent("tasks.json").path)
        try plan(folder)
        for link in [folder.inbox.url, folder.store.url] {
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil,
                "\(link.lastPathComponent) is no longer a link")
        }
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("inbox.md"), encoding: .utf8) == "")
        #expect(try TaskStore.decode(Data(contentsOf: elsewhere.appendingPathComponent("tasks.json"))).tasks.count == 2)
    }

    @Test func afterTheWindowAPlanCoversTheEveningAndTomorrow() throws {
        let folder = try planner(inbox: "write the annual report 90m\npay the electricity bill\n")
        // 2 December 2026, 19:00 in London: the window closed at 18:30.
        let evening = Self.day.date(minutes: 19 * 60, in: TimeZone(identifier: "Europe/London")!)
        let outcome = try PlanMyDay(planner: folder).run(day: Self.day, from: evening, clock: evening)
        #expect(outcome.planned == .tonightAndTomorrow)
        #expect(outcome.days[0].isEvening)
        #expect(outcome.days[0].blocks.flatMap(\.tasks).map(\.title) == ["pay the electricity bill"])
        #expect(outcome.days[1].blocks.flatMap(\.tasks).map(\.title).contains("write the annual report"))
        let store = try TaskStore.decode(Data(contentsOf: folder.store.url))
        #expect(outcome.movedToTomorrow == store.tasks.filter { $0.title == "write the annual report" }.map(\.id))
        #expect(try folder.read().plan?.today?.isEvening == true)
        // The move is the store's latest change, so the page can offer to undo it.
        #expect(store.recentChanges.last?.summary.hasPrefix("Pushed to 2026-12-03") == true)
    }
}
