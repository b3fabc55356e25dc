import Testing

@testable import AuraServer

/// Plan My Day from the planner page's form: the lines go into the store, and the browser lands
/// on the schedule, which shows them.
@Suite struct PlanMyDayTests {
    /// Plan My Day answers 303 to `/schedule/?changed=1`, keeps the lines, and that schedule shows them.
    @Test func planMyDayLandsOnTheScheduleWithTheNewLines() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()

        let answer = await owner.post(
            "/planner/plan", form: ["csrf": token, "inbox": "renew the zzpermit\nwrite the zzreport 2h"])
        #expect(answer.status == 303)
        let location = try #require(answer.header("Location"))
        #expect(location == "/schedule/?changed=1")
        let titles = try site.tasks().compactMap { $0["title"] as? String }
        #expect(titles.contains("renew the zzpermit") && titles.contains("write the zzreport"))

        let schedule = await owner.get(location)
        #expect(schedule.status == 200)
        #expect(schedule.text.contains("zzpermit") || schedule.text.contains("zzreport"))
        #expect(schedule.text.contains("data-aura-changes=\""))
        #expect(await owner.get("/planner/").text.contains("zzreport"))
    }

    /// A line that does not read answers 422 on the planner page, saying where.
    @Test func aLineThatDoesNotReadIsShownOnThePlanner() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()
        let answer = await owner.post("/planner/plan", form: ["csrf": token, "inbox": "call Sam at 25:00"])
        #expect(answer.status == 422)
        #expect(answer.text.contains("Column") && answer.text.contains("role=\"alert\""))
    }
}
