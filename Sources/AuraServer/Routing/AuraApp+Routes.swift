import AuraHTTP

extension AuraApp {
    /// Every address the server answers, by method and path under the site's root; what no other
    /// route takes is a page or a file of the site (`page`).
    static let routes: Router<AuraApp> = {
        var router = Router<AuraApp>()
        // Signing in and out, and between the people signed in on one browser.
        router.get(.path("/login/")) { app, request, _ in
            try app.signInPage(
                request, message: nil, status: 200, notice: request.query["joined"] == "1" ? AuraApp.joined : nil)
        }
        router.on("POST", at: .path("/login/")) { app, request, _ in try app.signIn(request) }
        router.on("POST", at: .path("/logout/")) { app, request, _ in try app.signOut(request) }
        router.on("POST", at: .path("/profiles/switch")) { app, request, _ in try app.switchProfile(request) }
        // Joining, and a forgotten password.
        router.get(.path("/signup/")) { app, request, _ in try app.signUpPage(request) }
        router.on("POST", at: .path("/signup/")) { app, request, _ in try app.signUp(request) }
        router.get(.path("/terms/")) { app, request, _ in try app.termsPage(request) }
        router.get(.path("/forgot/")) { app, request, _ in try app.forgotPage(request) }
        router.on("POST", at: .path("/forgot/")) { app, request, _ in try app.forgot(request) }
        router.get(.path("/reset/")) { app, request, _ in try app.resetPage(request) }
        router.on("POST", at: .path("/reset/")) { app, request, _ in try app.reset(request) }
        // The account: its page, the export, its forms, and the private calendar feed.
        router.get(.path("/account/")) { app, request, _ in try app.accountPage(request) }
        router.get(.path("/account/export.zip")) { app, request, _ in try app.export(request) }
        router.on("POST", at: .prefix("/account/")) { app, request, path in
            try app.accountAction(String(path.dropFirst("/account/".count)), request)
        }
        router.get(.matching { path, _ in path.hasPrefix("/feed/") && path.hasSuffix(".ics") }) { app, request, path in
            try app.feed(request, secret: String(path.dropFirst("/feed/".count).dropLast(".ics".count)))
        }
        // The planner's actions, from forms and from scripts, and what the pages ask of the server.
        router.on("POST", at: .path("/planner/plan")) { app, request, _ in try app.perform(.plan, request) }
        router.get(.path("/api/state")) { app, request, _ in try app.pageState(request) }
        router.get(.path("/api/push/key")) { app, _, _ in app.pushKey() }
        router.on("POST", "DELETE", at: .path("/api/push/subscriptions")) { app, request, _ in
            try app.pushSubscriptions(request)
        }
        router.on("POST", at: .path("/api/push/test")) { app, request, _ in try app.pushTest(request) }
        router.on("POST", at: .path("/api/profile")) { app, request, _ in try app.switchProfileForScript(request) }
        router.on("POST", at: .prefix("/api/")) { app, request, path in
            guard let action = Action(rawValue: String(path.dropFirst("/api/".count))) else {
                return .text(404, "No such action")
            }
            return try app.perform(action, request)
        }
        // A task's own page, a reminder's link for one of several people, and the site.
        router.get(.matching { path, _ in taskID(inPath: path) != nil }) { app, request, path in
            try app.taskPage(request, id: taskID(inPath: path)!)
        }
        router.get(.matching { _, request in request.query["profile"] != nil }) { app, request, _ in
            try app.openProfileLink(request)
        }
        router.get(.any) { app, request, _ in try app.page(request) }
        return router
    }()
}
