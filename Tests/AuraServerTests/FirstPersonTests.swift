import Foundation
import Testing

@testable import AuraServer

/// The default content's planner is the demo site's day: the first person to sign in to
/// `aura serve` on it starts with an empty planner of their own, not someone else's day.
@Suite struct FirstPersonTests {
    @Test func theFirstPersonStartsWithAnEmptyPlannerOfTheirOwn() async throws {
        let site = try await ServedSite.open(demo: true)
        let demoStore = try Data(contentsOf: site.planner.appendingPathComponent("tasks.json"))
        var owner = try await site.signedIn()
        let dashboard = await owner.get("/dashboard/")
        #expect(dashboard.status == 200)
        let demoTitle = try #require(try site.tasks().first?["title"] as? String)
        #expect(!dashboard.text.contains(demoTitle), "the first person sees the demo day")
        let schedule = await owner.get("/schedule/")
        #expect(!schedule.text.contains(demoTitle))

        let token = try await owner.get("/planner/").formToken()
        let planned = await owner.post("/planner/plan", form: ["csrf": token, "inbox": "water the zzferns"])
        #expect(planned.status == 303)
        #expect(await owner.get("/schedule/").text.contains("zzferns"))
        // Their day is theirs, in the state folder; the demo day is left as it was.
        let own = site.folder.appendingPathComponent("state/people/1/planner/tasks.json")
        #expect(try String(contentsOf: own, encoding: .utf8).contains("zzferns"))
        #expect(try Data(contentsOf: site.planner.appendingPathComponent("tasks.json")) == demoStore)
    }

    /// Signed in, "Subscribe to your days" makes the person's private feed address, at the
    /// address the browser used (no --public-url here), and a calendar app gets their days there.
    @Test func subscribingGivesThePrivateFeedAtTheRealAddress() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let notifications = await owner.get("/notifications/")
        #expect(!notifications.text.contains("webcal://aura.example"), "the placeholder address is offered")
        #expect(notifications.text.contains("action=\"/account/feed\""))
        let subscribed = await owner.post("/account/feed", form: ["csrf": try notifications.formToken()])
        #expect(subscribed.status == 200)
        let marker = "webcal://\(ServedSite.host)/feed/"
        let start = try #require(subscribed.text.range(of: marker), "no webcal link to the private feed").upperBound
        let secret = String(subscribed.text[start...].prefix { $0 != "." })
        #expect(subscribed.text.contains("http://\(ServedSite.host)/feed/\(secret).ics"))
        #expect(subscribed.text.contains("--public-url"), "the page does not say to set the public address")
        var calendarApp = Visitor(site: site)
        let feed = await calendarApp.get("/feed/\(secret).ics")
        #expect(feed.status == 200 && feed.text.hasPrefix("BEGIN:VCALENDAR"))
    }
}
