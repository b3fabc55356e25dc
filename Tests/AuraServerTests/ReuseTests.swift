import AuraHTTP
import Foundation
import Synchronization
import Testing

@testable import AuraServer

/// What the app lets the transport give again by itself (`HTTPResponse.reuse`): a signed-in
/// answer to the same cookies for a minute at most, and never past the moment it would read
/// differently (a snooze running out); a public file to everyone.
@Suite struct ReuseTests {
    /// The page state of a snoozed task reads "snoozed" until the snooze runs out and not after,
    /// with no file changed; its reuse ends by then.
    @Test func thePageStateChangesWhenASnoozeRunsOut() async throws {
        let now = Mutex(ServedSite.now)
        let site = try await ServedSite.open(clock: { now.withLock { $0 } })
        var owner = try await site.signedIn()
        let id = try site.openTask()
        #expect(try await owner.post("/api/snooze", json: ["id": id, "minutes": 30]).status == 200)
        let snoozed = await owner.get("/api/state")
        #expect(snoozed.status == 200 && snoozed.text.contains("\"snoozed\""))
        let reuse = try #require(snoozed.reuse)
        #expect(!reuse.forEveryone && reuse.until == ServedSite.now + AuraApp.reuseLimit)
        now.withLock { $0 += 29 * 60 + 30 }
        let late = await owner.get("/api/state")
        #expect(late.text == snoozed.text)
        #expect(try #require(late.reuse?.until) <= ServedSite.now + 30 * 60)
        now.withLock { $0 += 60 }
        let after = await owner.get("/api/state")
        #expect(after.status == 200 && !after.text.contains("\"snoozed\"") && after.text != snoozed.text)
    }

    /// A session about to reach its absolute lifetime is given again only until then.
    @Test func aSessionsAnswersAreNotGivenAgainPastItsEnd() async throws {
        let now = Mutex(ServedSite.now)
        let site = try await ServedSite.open(clock: { now.withLock { $0 } })
        var owner = try await site.signedIn()
        let end = ServedSite.now + Accounts.absoluteLifetime
        // Used every six days, it stays open to its absolute end.
        for day in stride(from: 6.0, to: 30, by: 6) {
            now.withLock { $0 = ServedSite.now + day * 86_400 }
            #expect(await owner.get("/dashboard/").status == 200)
        }
        now.withLock { $0 = end - 30 }
        #expect(await owner.get("/dashboard/").reuse?.until == end)
        #expect(await owner.get("/api/state").reuse?.until == end)
        now.withLock { $0 = end }
        #expect(await owner.get("/dashboard/").status == 303)
    }

    /// A signed-in page is for the same cookies, while the person's planner files and the
    /// accounts database stand; a public file is for everyone, and nothing else is given again.
    @Test func whoMayBeGivenAnAnswerAgain() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let page = await owner.get("/dashboard/")
        let reuse = try #require(page.reuse)
        #expect(!reuse.forEveryone && reuse.until == ServedSite.now + AuraApp.reuseLimit)
        let watched = Set(reuse.files.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(watched.isSuperset(of: ["tasks.json", "plan.json", "inbox.md", "aura.sqlite3", "aura.sqlite3-wal"]))
        var stranger = Visitor(site: site)
        let culture = await stranger.get("/culture/")
        #expect(culture.status == 200 && culture.reuse?.forEveryone == true)
        #expect(await stranger.get("/no-such-page/").reuse == nil)
        let signIn = await stranger.get("/login/")
        #expect(signIn.reuse == nil)
        let id = try site.openTask()
        #expect(try await owner.post("/api/done", json: ["id": id]).reuse == nil)
        #expect(await owner.get("/dashboard/?undo=1").reuse == nil)
    }
}
