import AuraHTTP
import AuraPlanner
import Foundation
import Testing

@testable import AuraServer

/// The day re-flowing by itself under `aura serve`: a block that ends undone moves, with the
/// rest of the day, to where it fits from now; its reminder comes at its new time, once, and
/// none for the old; the page comes back saying what moved, and Undo puts the day back.
@Suite struct ReflowServerTests {
    @Test func aBlockThatEndedUndoneMovesAndItsReminderFollows() async throws {
        let clock = PushSchedulerTests.Clock(ServedSite.now)
        let service = try PushSchedulerTests.FakePushService()
        defer { service.server.stop() }
        let site = try await ServedSite.open(clock: clock.read, pushService: service.prefix)
        var sam = try await site.signedIn()
        try await PushSchedulerTests.subscribe(&sam, to: service)
        let folder = try site.app.planner(personID: 1, isOwner: true)
        let before = try #require(try folder.read().plan?.today)
        let first = try #require(before.blocks.first { !$0.isFixed })

        // Nothing has ended yet: the day stays.
        site.app.reflowDays()
        #expect(try folder.read().plan?.today == before)
        // Ten minutes after the first block ended undone (its reminder was never sent: the
        // server was down then), the rest of the day is planned again from now.
        let now = before.instant(first.span.end + 10)
        clock.set(now)
        site.app.reflowDays()
        let after = try #require(try folder.read().plan?.today)
        let moved = try #require(after.blocks.first { $0.tasks.contains { $0.id == first.tasks[0].id } })
        #expect(moved.span.start >= first.span.end + 10)
        let note = try #require(after.notifications.first { $0.blockId == moved.id })
        #expect(note.fireDate == after.instant(moved.span.start))

        // Its reminder comes at the new time, once; none came for the old.
        site.app.sendDueReminders(refreshStamps: true)
        let sent = service.count
        clock.set(note.fireDate.addingTimeInterval(1))
        site.app.sendDueReminders(refreshStamps: true)
        site.app.sendDueReminders(refreshStamps: true)
        #expect(service.count == sent + 1)
        let owner = try #require(try site.app.accounts.people().first(where: \.isOwner))
        #expect(try site.app.accounts.claimPush(note.id, fire: note.fireDate, of: owner.id, now: clock.read()) == .sent)
        let old = try #require(before.notifications.first { $0.blockId == first.id })
        #expect(
            try site.app.accounts.claimPush(old.id, fire: old.fireDate, of: owner.id, now: clock.read()) == .claimed,
            "the old one was not pushed")

        // The page hears of it and comes back with what moved and its Undo.
        #expect(try await sam.get("/api/state").json()["reflowed"] as? Bool == true)
        let page = await sam.get("/schedule/?undo=1")
        #expect(page.text.contains("Planned the rest of today again: “\(first.tasks[0].title)”"))
        let undone = await sam.post(
            "/api/undo", form: ["csrf": try page.formToken(), "undo": "latest", "then": "schedule/"])
        #expect(undone.status == 303)
        #expect(try folder.read().plan?.today?.blocks == before.blocks)
        #expect(try await sam.get("/api/state").json()["reflowed"] as? Bool == false)
        // And so it stays: what had passed undone at the undo does not move the day again.
        clock.set(now.addingTimeInterval(60))
        site.app.reflowDays()
        #expect(try folder.read().plan?.today?.blocks == before.blocks)
    }
}
