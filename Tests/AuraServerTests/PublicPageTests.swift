import Testing

@testable import AuraServer

/// The public site: answered to anyone, with the security headers on every answer.
@Suite struct PublicPageTests {
    /// A public page answers 200 without a session and carries the security headers.
    @Test(arguments: ["/", "/culture/"])
    func aPublicPageAnswersWithoutASessionWithTheSecurityHeaders(path: String) async throws {
        let site = try await ServedSite.open()
        var stranger = Visitor(site: site)
        let page = await stranger.get(path)
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"))
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("X-Frame-Options") == "DENY")
        #expect(page.header("Referrer-Policy") == "same-origin")
        #expect(page.setCookies.isEmpty)
    }

    /// A page that does not exist answers 404, with the same security headers.
    @Test func aMissingPageIsNotFoundWithTheSecurityHeaders() async throws {
        let site = try await ServedSite.open()
        var stranger = Visitor(site: site)
        let page = await stranger.get("/no-such-page/")
        #expect(page.status == 404)
        #expect(page.header("Content-Security-Policy") != nil)
    }
}
