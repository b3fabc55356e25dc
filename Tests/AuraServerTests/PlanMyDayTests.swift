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

    /// On a new install nothing was planned, so the static output has no schedule: the first
    /// Plan My Day still lands on a schedule that shows the day, at once.
    @Test func theFirstPlanOfAnEmptyPlannerLandsOnItsSchedule() async throws {
        let site = try await ServedSite.open(emptyPlanner: true)
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()
        let answer = await owner.post("/planner/plan", form: ["csrf": token, "inbox": "write the zzreport 2h"])
        #expect(answer.status == 303)
        let schedule = await owner.get(try #require(answer.header("Location")))
        #expect(schedule.status == 200)
        #expect(schedule.text.contains("zzreport"))
        // Nobody's day is public: signed out, the same page asks to sign in.
        var stranger = Visitor(site: site)
        #expect(await stranger.get("/schedule/").status == 303)
        #expect(await stranger.get("//schedule/").status != 200)
    }

    /// A form with a line that does not read adds nothing and comes back with its text; mended,
    /// it adds each line once, and sent again (a double click, a reload) it adds nothing more.
    @Test func nothingTypedIsLostOrDoubled() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let page = await owner.get("/planner/")
        let (token, actionID) = (try page.formToken(), try page.formField("actionId"))
        let before = try site.tasks().count
        let lines = "file the zzinvoice\ntomorrow at 9am\nwater the zzferns"

        let broken = await owner.post("/planner/plan", form: ["csrf": token, "actionId": actionID, "inbox": lines])
        #expect(broken.status == 422)
        #expect(broken.text.contains("Line 2, column 1") && broken.text.contains("Nothing was added"))
        #expect(broken.text.contains("file the zzinvoice\ntomorrow at 9am\nwater the zzferns</textarea>"))
        #expect(try site.tasks().count == before)

        let mended = lines.replacingOccurrences(of: "tomorrow at 9am", with: "call the zzbank tomorrow at 9am")
        for _ in 1...2 {
            let sent = await owner.post("/planner/plan", form: ["csrf": token, "actionId": actionID, "inbox": mended])
            #expect(sent.status == 303 && sent.header("Location") == "/schedule/?changed=1")
        }
        let titles = try site.tasks().compactMap { $0["title"] as? String }.filter { $0.contains("zz") }
        #expect(titles.sorted() == ["call the zzbank", "file the zzinvoice", "water the zzferns"])
    }

    /// Served pages speak of buttons and pages, not shell commands (the static build keeps its commands).
    @Test func anEmptyPlannerIsExplainedInWebWords() async throws {
        let site = try await ServedSite.open(emptyPlanner: true)
        var owner = try await site.signedIn()
        for page in ["/planner/", "/dashboard/", "/reflections/"] {
            let answer = await owner.get(page)
            #expect(answer.status == 200)
            #expect(!answer.text.contains("<code>aura"), "\(page) tells a browser user to run a command")
            #expect(!answer.text.contains("in a terminal"), "\(page)")
        }
        #expect(
            await owner.get("/planner/").text.contains("Write a few lines in the box above, then press Plan My Day."))
    }

    /// A line that does not read answers 422 on the planner page, saying where.
    @Test func aLineThatDoesNotReadIsShownOnThePlanner() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()
        let answer = await owner.post("/planner/plan", form: ["csrf": token, "inbox": "tomorrow at 3pm"])
        #expect(answer.status == 422)
        #expect(answer.text.contains("Column") && answer.text.contains("role=\"alert\""))
    }
}
