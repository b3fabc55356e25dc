import AuraHTTP
import Foundation
import Testing

@testable import AuraServer

/// The server's routes: the router's rules, and every route of `aura serve` reached in-process.
@Suite struct RouterTests {
    private func request(_ method: String, _ target: String) -> HTTPRequest {
        HTTPRequest(
            method: method, target: target, fields: ["host": ServedSite.host], body: Data(), clientAddress: "127.0.0.1")
    }

    @Test func theFirstRouteForThePathAndMethodAnswersAndOtherMethodsAreNamed() throws {
        var router = Router<String>()
        router.get(.path("/a/")) { context in .text(200, context + " a") }
        router.on("POST", at: .prefix("/a/")) { context in .text(201, "posted to " + context) }
        router.get(.matching { _, request in request.query["x"] != nil }) { _ in .text(200, "x") }
        router.get(.prefix("/a/")) { _ in .text(200, "never: /a/ is taken first") }

        func said(_ response: HTTPResponse?) -> String? { response?.text.trimmingCharacters(in: .newlines) }
        #expect(said(try router.respond(to: request("GET", "/a/"), at: "/a/", in: "ctx")) == "ctx a")
        #expect(said(try router.respond(to: request("POST", "/a/b"), at: "/a/b", in: "/a/b")) == "posted to /a/b")
        #expect(said(try router.respond(to: request("GET", "/z?x=1"), at: "/z", in: "")) == "x")
        let refused = try #require(try router.respond(to: request("DELETE", "/a/"), at: "/a/", in: ""))
        #expect(refused.status == 405 && refused.header("Allow") == "GET, HEAD, POST")
        #expect(try router.respond(to: request("GET", "/z"), at: "/z", in: "") == nil)
        #expect(router.resolve(request("HEAD", "/a/"), at: "/a/") == .route(0))
    }

    /// One request for each of the server's routes, as a signed-in person or a visitor sends it:
    /// each reaches its own route, and none is refused for its method or fails.
    @Test func everyRouteOfTheServerIsReached() async throws {
        let site = try await ServedSite.open()
        var sam = try await site.signedIn()
        // A feed no one was given: its route answers that there is none.
        let feed = "/feed/not-a-secret.ics"
        let id = try site.openTask()
        let requests: [(method: String, target: String)] = [
            ("GET", "/login/"), ("POST", "/login/"), ("POST", "/profiles/switch"),
            ("GET", "/signup/"), ("POST", "/signup/"), ("GET", "/terms/"), ("GET", "/forgot/"), ("POST", "/forgot/"),
            ("GET", "/reset/"), ("POST", "/reset/"), ("GET", "/account/"), ("GET", "/account/export.zip"),
            ("POST", "/account/password"), ("GET", feed), ("POST", "/planner/plan"), ("GET", "/api/state"),
            ("GET", "/api/push/key"), ("GET", "/api/health"), ("DELETE", "/api/push/subscriptions"),
            ("POST", "/api/push/test"),
            ("POST", "/api/profile"), ("POST", "/api/done"), ("GET", "/tasks/\(id)/"),
            ("GET", "/schedule/?profile=sam"), ("GET", "/culture/"), ("POST", "/logout/")
        ]
        var reached: Set<Int> = []
        for (method, target) in requests {
            let path = String(target.prefix { $0 != "?" })
            guard case .route(let index) = AuraApp.routes.resolve(request(method, target), at: path) else {
                Issue.record("\(method) \(target) reaches no route")
                continue
            }
            #expect(reached.insert(index).inserted, "\(method) \(target) reaches a route another request reached")
            let answer =
                method == "GET"
                ? await sam.get(target)
                : await sam.post(target, form: ["csrf": "not a token"])
            #expect(
                ![405, 500].contains(answer.status), "\(method) \(target) answered \(answer.status): \(answer.text)")
        }
        #expect(reached.count == AuraApp.routes.routes.count, "a route no request reached")
    }
}
