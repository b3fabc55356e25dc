import AuraHTTP

extension AuraApp {
    /// Every address the server answers, by method and path under the site's root; what no other
    /// route takes is a page or a file of the site (`page`).
    static let routes: Router<RequestContext> = {
        var router = Router<RequestContext>()
        // Signing in and out, and between the people signed in on one browser.
        router.get(.path("/login/")) { context in
            try context.app.signInPage(
                context.request, message: nil, status: 200,
                notice: context.request.query["joined"] == "1" ? AuraApp.joined : nil)
        }
        router.on("POST", at: .path("/login/")) { context in try context.app.signIn(context.request) }
        router.on("POST", at: .path("/logout/")) { context in try context.app.signOut(context) }
        router.on("POST", at: .path("/profiles/switch")) { context in try context.app.switchProfile(context.request) }
        // Joining, and a forgotten password.
        router.get(.path("/signup/")) { context in try context.app.signUpPage(context.request) }
        router.on("POST", at: .path("/signup/")) { context in try context.app.signUp(context.request) }
        router.get(.path("/terms/")) { context in try context.app.termsPage(context.request) }
        router.get(.path("/forgot/")) { context in try context.app.forgotPage(context.request) }
        router.on("POST", at: .path("/forgot/")) { context in try context.app.forgot(context.request) }
        router.get(.path("/reset/")) { context in try context.app.resetPage(context.request) }
        router.on("POST", at: .path("/reset/")) { context in try context.app.reset(context.request) }
        // The account: its page, the export, its forms, and the private calendar feed.
        router.get(.path("/account/")) { context in try context.app.accountPage(context) }
        router.get(.path("/account/export.zip")) { context in try context.app.export(context) }
        router.on("POST", at: .prefix("/account/")) { context in
            try context.app.accountAction(String(context.path.dropFirst("/account/".count)), context)
        }
        router.get(.matching { path, _ in path.hasPrefix("/feed/") && path.hasSuffix(".ics") }) { context in
            try context.app.feed(
                context.request, secret: String(context.path.dropFirst("/feed/".count).dropLast(".ics".count)))
        }
        // The planner's actions, from forms and from scripts, and what the pages ask of the server.
        router.on("POST", at: .path("/planner/plan")) { context in try context.app.perform(.plan, context) }
        router.get(.path("/api/state")) { context in try context.app.pageState(context) }
        router.get(.path("/api/push/key")) { context in context.app.pushKey() }
        router.get(.path("/api/health")) { context in try context.app.health() }
        router.on("POST", "DELETE", at: .path("/api/push/subscriptions")) { context in
            try context.app.pushSubscriptions(context)
        }
        router.on("POST", at: .path("/api/push/test")) { context in try context.app.pushTest(context) }
        router.on("POST", at: .path("/api/profile")) { context in try context.app.switchProfileForScript(context) }
        router.on("POST", at: .prefix("/api/")) { context in
            guard let action = Action(rawValue: String(context.path.dropFirst("/api/".count))) else {
                return .text(404, "No such action")
            }
            return try context.app.perform(action, context)
        }
        // A task's own page, a reminder's link for one of several people, and the site.
        router.get(.matching { path, _ in taskID(inPath: path) != nil }) { context in
            try context.app.taskPage(context, id: taskID(inPath: context.path)!)
        }
        router.get(.matching { _, request in request.query["profile"] != nil }) { context in
            try context.app.openProfileLink(context)
        }
        router.get(.any) { context in try context.app.page(context) }
        return router
    }()
}
