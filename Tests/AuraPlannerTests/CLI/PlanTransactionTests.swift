import AuraCLI
import Foundation
import Testing

@testable import AuraPlanner

/// A plan's writes form one transaction: the store is saved first and remembers the inbox it
/// captured until the inbox is drained, so a plan stopped in between is finished by the next
/// one — nothing captured twice, nothing lost, lines added since kept.
@Suite struct PlanTransactionTests {
    static let inbox = "- call the bank\n- buy stamps\n"

    /// The state a plan killed after saving the store, before draining the inbox, leaves.
    private func stoppedBeforeDrain(inboxNow: String) async throws -> Sandbox {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        var store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(store.undrainedInbox == nil, "a finished plan must not leave a pending drain")
        store.undrainedInbox = Self.inbox
        try sandbox.write(store.encodedText, to: "Content/planner/tasks.json")
        try sandbox.write(inboxNow, to: "Content/planner/inbox.md")
        return sandbox
    }

    private func titles(_ sandbox: Sandbox) throws -> [String] {
        try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json"))).tasks.map(\.title).sorted()
    }

    @Test func stoppedBeforeTheDrainWithALineAddedSince() async throws {
        let sandbox = try await stoppedBeforeDrain(inboxNow: Self.inbox + "- water the plants\n")
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        #expect(try titles(sandbox) == ["buy stamps", "call the bank", "water the plants"])
        #expect(try sandbox.read("Content/planner/inbox.md") == "")
    }

    @Test func stoppedAfterTheDrainWithALineAddedSince() async throws {
        let sandbox = try await stoppedBeforeDrain(inboxNow: "- water the plants\n")
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        #expect(try titles(sandbox) == ["buy stamps", "call the bank", "water the plants"])
        #expect(try sandbox.read("Content/planner/inbox.md") == "")
    }

    @Test func stoppedBeforeTheDrainThenEditedByHand() async throws {
        let sandbox = try await stoppedBeforeDrain(
            inboxNow: "# Inbox\n- buy stamps\n- renew the passport\n- call the bank\n")
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        #expect(try titles(sandbox) == ["buy stamps", "call the bank", "renew the passport"])
        #expect(try sandbox.read("Content/planner/inbox.md") == "# Inbox\n")
    }

    @Test func aDryRunReadsThePendingDrainAndWritesNothing() async throws {
        let sandbox = try await stoppedBeforeDrain(inboxNow: Self.inbox)
        let store = try sandbox.read("Content/planner/tasks.json")
        let result = await sandbox.run("plan", "--date", "2026-12-02", "--dry-run")
        #expect(result.status == 0)
        #expect(result.out.contains("Nothing new in"), "\(result.out)")
        #expect(try sandbox.read("Content/planner/tasks.json") == store)
        #expect(try sandbox.read("Content/planner/inbox.md") == Self.inbox)
    }

    @Test func writingThroughASymlinkUpdatesItsTarget() async throws {
        let sandbox = try Sandbox()
        let elsewhere = sandbox.url("Synced")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try sandbox.write(Self.inbox, to: "Synced/inbox.md")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.url("Content/planner/inbox.md").path, withDestinationPath: "../../Synced/inbox.md")
        try sandbox.write(TaskStore().encodedText, to: "Synced/tasks.json")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.url("Content/planner/tasks.json").path,
            withDestinationPath: elsewhere.appendingPathComponent("tasks.json").path)
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        for name in ["inbox.md", "tasks.json"] {
            let link = sandbox.url("Content/planner/\(name)").path
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "\(name) is no longer a link"
            )
        }
        #expect(try sandbox.read("Synced/inbox.md") == "")
        #expect(try TaskStore.decode(Data(contentsOf: sandbox.url("Synced/tasks.json"))).tasks.count == 2)
    }
}
