import Testing

@testable import AuraServer

/// `/login/`: the form's own token (cookie and field), sessions opened only by the right
/// password, and personal pages only with a session.
@Suite struct SignInTests {
    /// The sign-in form sets its token in a cookie and carries the same token in its csrf field.
    @Test func theSignInFormCarriesItsTokenInACookieAndAField() async throws {
        let site = try await ServedSite.open()
        var visitor = Visitor(site: site)
        let form = await visitor.get("/login/")
        #expect(form.status == 200)
        #expect(form.header("Cache-Control") == "no-store")
        let cookie = try #require(form.cookieHeader(Cookies.signInForm))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        #expect(try form.formToken() == visitor.cookies[Cookies.signInForm])
        #expect(form.cookieHeader(Cookies.session) == nil)
    }

    /// A wrong password answers 401 with the form again, and sets no session cookie.
    @Test func aWrongPasswordOpensNoSession() async throws {
        let site = try await ServedSite.open()
        var visitor = Visitor(site: site)
        let answer = try await visitor.signIn(password: "not the password at all")
        #expect(answer.status == 401)
        #expect(answer.text.contains("do not match"))
        #expect(answer.cookieHeader(Cookies.session) == nil)
        #expect(visitor.cookies[Cookies.session] == nil)
        #expect(await visitor.get("/dashboard/").status == 303)
    }

    /// The right password with the form's token answers 303 to the dashboard with an HttpOnly session cookie.
    @Test func theRightPasswordOpensASession() async throws {
        let site = try await ServedSite.open()
        var visitor = Visitor(site: site)
        let answer = try await visitor.signIn(password: ServedSite.password)
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/dashboard/")
        let cookie = try #require(answer.cookieHeader(Cookies.session))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
        #expect(visitor.cookies[Cookies.session]?.count ?? 0 >= 43)
        // The form's token is spent.
        #expect(visitor.cookies[Cookies.signInForm] == nil)
    }

    /// A personal page sends a visitor without a session to sign in first, and opens with the session.
    @Test func aPersonalPageNeedsTheSession() async throws {
        let site = try await ServedSite.open()
        var stranger = Visitor(site: site)
        let refused = await stranger.get("/dashboard/")
        #expect(refused.status == 303)
        #expect(refused.header("Location") == "/login/?next=%2Fdashboard%2F")
        #expect(refused.header("Cache-Control") == "no-store")
        #expect(await stranger.get("/notifications.json").status == 401)

        var owner = try await site.signedIn()
        let page = await owner.get("/dashboard/")
        #expect(page.status == 200)
        #expect(page.text.contains("Signed in as \(ServedSite.name)"))
        #expect(page.header("Cache-Control") == "no-store")
    }

    /// A sign-in form posted without its token (or with another one) is refused and opens no session.
    @Test func aSignInWithoutTheFormsTokenIsRefused() async throws {
        let site = try await ServedSite.open()
        var visitor = Visitor(site: site)
        _ = await visitor.get("/login/")
        let without = await visitor.post("/login/", form: ["name": ServedSite.name, "password": ServedSite.password])
        #expect(without.status == 403)
        let forged = await visitor.post(
            "/login/", form: ["csrf": "forged", "name": ServedSite.name, "password": ServedSite.password])
        #expect(forged.status == 403)
        #expect(visitor.cookies[Cookies.session] == nil)
    }
}
