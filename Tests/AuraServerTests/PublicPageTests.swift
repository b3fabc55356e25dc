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

    /// The landing page offers a visitor Sign in (and Sign up only when anyone may join), and
    /// someone signed in their day.
    @Test func theLandingPageLeadsToSignInOrToYourDay() async throws {
        let site = try await ServedSite.open()
        var stranger = Visitor(site: site)
        let visitor = await stranger.get("/")
        #expect(visitor.status == 200)
        #expect(visitor.text.contains("<a class=\"button\" href=\"/login/\">Sign in</a>"))
        #expect(!visitor.text.contains("href=\"/signup/\""))
        let file = site.content.appendingPathComponent("site.yml")
        try (String(contentsOf: file, encoding: .utf8) + "accounts:\n  signup: open\n")
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(await stranger.get("/").text.contains("href=\"/signup/\">Sign up</a>"))
        var owner = try await site.signedIn()
        let signedIn = await owner.get("/")
        #expect(signedIn.text.contains("href=\"/dashboard/\">Your day</a>") && !signedIn.text.contains("Sign in</a>"))
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
