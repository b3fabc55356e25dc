import AuraTestSupport
import Testing

@testable import AuraServer

/// Forms need the session's token and a same-origin `Origin` (when sent); scripts need a
/// same-origin `Origin`. What is refused changes nothing in the planner's files.
@Suite struct CSRFTests {
    /// Plan My Day posted without the session's token, with a forged one, or from another site is refused.
    @Test func aPlanFormWithoutItsTokenOrFromElsewhereChangesNothing() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()
        let before = try snapshot(site.planner)

        let refused = [
            await owner.post("/planner/plan", form: ["inbox": "renew the zzpermit"]),
            await owner.post("/planner/plan", form: ["csrf": "forged", "inbox": "renew the zzpermit"]),
            await owner.post(
                "/planner/plan", form: ["csrf": token, "inbox": "renew the zzpermit"], origin: "https://evil.example")
        ]
        #expect(refused.map(\.status) == [403, 403, 403])
        #expect(try snapshot(site.planner) == before)
    }

    /// Done over JSON without an Origin, from another origin, or as a form without the token is refused.
    @Test func aDoneWithoutTheSitesOriginChangesNothing() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()
        let before = try snapshot(site.planner)

        let refused = [
            try await owner.post("/api/done", json: ["id": id], origin: nil),
            try await owner.post("/api/done", json: ["id": id], origin: "http://evil.example"),
            try await owner.post("/api/done", json: ["id": id], origin: "https://" + ServedSite.host),
            await owner.post("/api/done", form: ["id": id]),
            await owner.post("/api/done", form: ["csrf": "forged", "id": id])
        ]
        #expect(refused.map(\.status) == [403, 403, 403, 403, 403])
        #expect(try snapshot(site.planner) == before)
        #expect(try site.task(id)["done"] as? Bool == false)
    }

    /// An action from a visitor without a session is refused: 401 over JSON, to sign in as a form.
    @Test func anActionWithoutASessionChangesNothing() async throws {
        let site = try await ServedSite.open()
        var stranger = Visitor(site: site)
        let id = try site.openTask()
        let before = try snapshot(site.planner)

        #expect(try await stranger.post("/api/done", json: ["id": id]).status == 401)
        let form = await stranger.post("/planner/plan", form: ["csrf": "anything", "inbox": "renew the zzpermit"])
        #expect(form.status == 303)
        #expect(form.header("Location") == "/login/")
        #expect(try snapshot(site.planner) == before)
    }
}
