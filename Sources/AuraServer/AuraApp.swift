import AuraHTTP
import AuraPlanner
import AuraSQL
import AuraSite
import AuraUseCases
import Foundation
import Platform
import Synchronization

/// The application behind `aura serve`: the built site's files, with the personal pages and the
/// planner's actions reserved for the signed-in owner; every malformed or unexpected request
/// gets a status and a short body, never a crash.
public final class AuraApp: Sendable {
    /// Everything the app is configured with.
    public struct Configuration: Sendable {
        /// How the site is built (the output is the site the server answers from).
        public var build: BuildOptions
        /// The address a reverse proxy serves it at; `https://` makes cookies `Secure`.
        public var publicURL: URL?
        /// Rebuild when `Content/` or `Templates/` change, and reload open pages (`--watch`).
        public var watch: Bool
        /// A static build (`Public/`) kept current in the background when the server changes the store.
        public var publish: BuildOptions?
        /// The state folder, which holds everyone's planner but the owner's.
        public var state: ServerState
        /// Where Web Push messages may go: the browsers' services and any added
        /// (`--push-service`).
        public var pushServices: [String] = []
        /// Who push services may contact about this server (`--push-contact`, VAPID's `sub`).
        public var pushContact: String?
        /// The reverse proxies whose word about the client's address and scheme is taken
        /// (`--trusted-proxy`); none by default.
        public var trustedProxies = TrustedProxies.none
        /// Where everyone's planner is kept; nil: in the state folder (`HouseholdPlanners`).
        public var planners: (any PlannerDirectory)?

        public init(
            build: BuildOptions, publicURL: URL? = nil, watch: Bool = false, publish: BuildOptions? = nil,
            state: ServerState? = nil
        ) {
            self.build = build
            self.state = state ?? ServerState(build.outputDirectory.deletingLastPathComponent())
            self.publicURL = publicURL
            self.watch = watch
            self.publish = publish
        }
    }

    public let configuration: Configuration
    let accounts: Accounts
    /// The key Web Push messages are signed with (kept in the state folder).
    let vapid: VAPIDKey
    let pushServices: PushServices
    /// VAPID's `sub`, or why this server sends no pushes.
    let pushContact: Result<String, PushContactProblem>
    let clock: @Sendable () -> Date
    /// The site's path prefix (`/` or `/aura/`), from its base URL; it does not change while serving.
    let root: String
    /// Where each person's planner is (`Content/planner/` for an owner planning there).
    let planners: any PlannerDirectory
    /// The owner's site as last built in memory, whose public files everyone is answered from,
    /// and the generation of the planner it was built from (nil: build again).
    let live: Mutex<(generation: UInt64?, site: ServedSite)>
    /// With `--watch`: the reload events, client script and broken-build banner.
    let liveReload: LiveReload?
    let watcher: Mutex<SourceWatcher?> = Mutex(nil)
    /// Fetches people's calendar addresses again on a schedule.
    let calendarRefresh: Mutex<RepeatingTimer?> = Mutex(nil)
    /// Pushes reminders at their triggers (when the server has a push contact).
    let pushScheduler: Mutex<PushScheduler?> = Mutex(nil)
    /// Plans the rest of people's days again when blocks pass undone.
    let reflows: Mutex<RepeatingTimer?> = Mutex(nil)
    /// With a static output to keep current: its background builds.
    let publisher: BackgroundBuild?
    /// Everyone's planner and site but the owner's.
    let people: PersonalSites
    /// The planner in `Content/planner/`, which the owner's site (and everyone's public pages) is built from.
    let contentPlanner: PlannerFolder
    /// Signed-in pages as last rendered, by session and build.
    let renderedPages = KeptAnswers<SessionPage, UInt64>()
    /// Each person's `/api/state` as last computed, by their planner's generation.
    let pageStates = KeptAnswers<Int64, UInt64>()
    /// Test pushes and calendars uploaded or fetched: two at once in all, one per person, of
    /// the eight request workers.
    let slowWork = SlowWork(limit: 2)
    /// Each person's planner actions, one at a time and two waiting: three of the eight request
    /// workers at most for one person.
    let turns = PersonTurns(waitingLimit: 2)
    /// Reset links on their way to the mail server.
    let outbox = MailOutbox(limit: 8)

    /// The headers the routes read.
    public static let headerNames = [
        "Host", "Origin", "Content-Type", "Content-Length", "Transfer-Encoding", "If-None-Match",
        "X-Forwarded-For", "Forwarded", "X-Forwarded-Proto"
    ]
    /// The headers every answer carries, for the transport to put on its own error answers too.
    public static let securityHeaders = SecurityHeaders.all

    /// The app for `configuration`, its site built first; a problem in the site is the build's
    /// `BuildError`.
    public static func start(
        configuration: Configuration, accounts: Accounts, clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> AuraApp {
        let planner = try PlannerFolder(content: configuration.build.contentDirectory).read()
        let site = try await SiteBuilds.buildServed(
            configuration.build, planner: planner, previous: nil)
        return try AuraApp(
            configuration: configuration, accounts: accounts, clock: clock, site: (planner.generation, site))
    }

    private init(
        configuration: Configuration, accounts: Accounts, clock: @escaping @Sendable () -> Date,
        site: (generation: UInt64?, site: ServedSite)
    ) throws {
        self.configuration = configuration
        self.accounts = accounts
        self.clock = clock
        vapid = try VAPIDKey.loadOrCreate(in: accounts, formerlyIn: configuration.state.folder)
        pushServices = try PushServices(adding: configuration.pushServices)
        let siteAddress =
            try configuration.publicURL ?? SiteConfiguration.current(in: configuration.build.contentDirectory).baseURL
        pushContact =
            configuration.pushContact.map(PushContact.check)
            ?? (siteAddress.scheme == "https"
                ? PushContact.check(siteAddress.absoluteString)
                : .failure(PushContactProblem(description: "the site's address is not https; give --push-contact")))
        root = site.site.live.root
        let generation = site.generation
        live = Mutex(site)
        planners =
            configuration.planners
            ?? HouseholdPlanners(content: configuration.build.contentDirectory, state: configuration.state)
        people = PersonalSites(planners: planners)
        contentPlanner = PlannerFolder(content: configuration.build.contentDirectory)
        liveReload =
            configuration.watch
            ? try LiveReload(templatesDirectory: configuration.build.templatesDirectory, root: root) : nil
        publisher = configuration.publish.map { BackgroundBuild(options: $0, generation: generation) }
        try carryOverFieldChanges()
        if configuration.watch { startWatching() }
        try startCalendarRefresh()
        startPushScheduler()
        startReflows()
    }

    /// The owner's pages, in step with the planner's files (`served`).
    var site: LiveSite {
        get throws { try served.live }
    }

    /// The owner's site in step with the planner's files: when an action here, `aura plan` from
    /// cron or an editor changed them since the last build, the site is built again first.
    var served: ServedSite {
        get throws { try rebuilt(always: false) }
    }

    /// Brings the site up to the planner when it changed (a new generation): its personal pages
    /// are made again over the same build when nothing else their files show changed
    /// (`SiteBuilds.servedReplanned`). `always` builds it all again (an edit under `--watch`).
    /// With `--watch` a failed build keeps the last good site, and open pages show why.
    @discardableResult
    func rebuilt(always: Bool) throws -> ServedSite {
        // Most requests find the site as it was: four `stat`s, and the lock only to look.
        let planner: PlannerState
        do { planner = try contentPlanner.read() } catch {
            guard let liveReload else { throw error }
            liveReload.built(.failure(error))
            return live.withLock { $0.site }
        }
        if !always, let current = live.withLock({ $0.generation == planner.generation ? $0.site : nil }) {
            return current
        }
        return try live.withLock { live in
            guard always || live.generation.map({ $0 < planner.generation }) ?? true else { return live.site }
            do {
                live = (
                    planner.generation,
                    always
                        ? try SiteBuilds.buildServedWaiting(configuration.build, planner: planner, previous: live.site)
                        : try SiteBuilds.servedReplanned(configuration.build, planner: planner, previous: live.site)
                )
                liveReload?.built(.success(()))
            } catch {
                guard let liveReload else { throw error }
                // Not again for every request: the next edit (the fix) builds again.
                live.generation = planner.generation
                liveReload.built(.failure(error))
            }
            return live.site
        }
    }

    /// The settings of the shared `site.yml`, read once per change of the file.
    var settings: SiteConfiguration {
        get throws { try SiteConfiguration.current(in: configuration.build.contentDirectory) }
    }

    /// What the shared `site.yml` says to the server alone (`accounts:`, `mail:`).
    var serverSettings: ServerSettings {
        get throws { try ServerSettings.current(in: configuration.build.contentDirectory) }
    }

    var cookies: Cookies {
        Cookies(secure: configuration.publicURL?.scheme == "https", root: root)
    }

    /// How long the transport may give a signed-in answer again by itself: the session's last
    /// use is then written once a minute (`Accounts.session`).
    static let reuseLimit: TimeInterval = 60

    /// Until when a signed-in answer may be given again: a minute at most, and never past the
    /// session's end.
    func reuseUntil(_ session: Accounts.Session) -> Date {
        min(clock() + Self.reuseLimit, session.ends)
    }

    /// Answers one request; never throws: a handler that fails is answered 500, or 503 when the
    /// database it needs is not answering.
    public func respond(to sent: HTTPRequest) -> HTTPResponse {
        Middleware.answer(sent, in: self, through: Self.middleware) { request in
            do {
                return try self.route(request)
            } catch is DatabaseUnavailable {
                return .text(
                    503, "The database is not answering; please try again in a moment",
                    headers: [("Retry-After", "5"), ("Cache-Control", "no-store")])
            } catch {
                return .text(500, "Something went wrong on the server; the request was not carried out")
            }
        }
    }

    /// The work around every answer, outermost first.
    static let middleware: [Middleware] = [.trustedProxies, .publishTrigger, .securityHeaders, .liveReload]

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.rawPath.hasPrefix(root) || request.rawPath + "/" == root else { return notFound() }
        let path = "/" + request.rawPath.dropFirst(root.count)
        return try Self.routes.respond(
            to: request, at: path, in: RequestContext(app: self, request: request, path: path)) ?? notFound()
    }

    func page(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        // A person's pages come from their own site as it is now, whatever the static output
        // holds: the first plan of an empty planner makes a schedule that Public/ lacks.
        if let path = request.rawPath.removingPercentEncoding, path.hasPrefix(root),
            PersonalPaths.contains(String(path.dropFirst(root.count)))
        {
            return try personalPage(context)
        }
        if request.rawPath == root, let landing = try landingPage(context) { return landing }
        // However the path is written (`//schedule/`), the file it leads to decides.
        let files = StaticFiles(site: try served, root: root)
        if case .file(let file) = try files.lookup(request.rawPath), PersonalPaths.contains(file) {
            return try personalPage(context)
        }
        var response = try response(from: files, for: request, personal: false)
        // A public file is the same for everyone; an asset (fingerprinted) in every build too.
        if response.status == 200 {
            response.reuse = HTTPResponse.Reuse(
                forEveryone: true,
                files: request.rawPath.hasPrefix(root + "assets/") ? [] : contentPlanner.paths)
        }
        return response
    }

    /// The landing page as the server offers it: to a visitor, with where to sign in (and sign
    /// up, when anyone may); to someone signed in, with their session bar.
    private func landingPage(_ context: RequestContext) throws -> HTTPResponse? {
        let request = context.request
        if let session = try context.session {
            guard let body = try site(of: session).render(pageAt: root, session: try sessionContext(session, request))
            else { return nil }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                body: request.method == "HEAD" ? Data() : body)
        }
        let signUp = try serverSettings.signUp
        guard
            let body = try site.render(
                pageAt: root,
                visitor: VisitorLinks(signInURL: root + "login/", signUpURL: signUp == .open ? root + "signup/" : nil))
        else { return nil }
        // Every visitor gets the same page, so a browser may keep it and ask whether it changed.
        let tag = "\"" + Fingerprint.sha256Hex(body) + "\""
        let headers = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"), ("ETag", tag)]
        if let asked = request.header("If-None-Match"), StaticFiles.matches(asked, tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: request.method == "HEAD" ? Data() : body)
    }

    /// Where a visitor who is not signed in may go from a public page.
    private struct VisitorLinks: Encodable, Sendable {
        let signInURL: String
        let signUpURL: String?
    }

    /// A page of the signed-in person's day, rendered for them (their forms carry the session's
    /// token); their JSON and calendar come from their own site's files, never the owner's.
    private func personalPage(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session else { return try signInFirst(request) }
        // Brought up to date first: the files as well as the pages come from the planner's state.
        let current = try served(of: session)
        // A page that shows only the plan is rendered once per build and then kept: the usual
        // visit. One with a notice, an undo offer, the changes just made or the journal is not.
        let pagePath = Self.pagePath(request.rawPath)
        let away =
            session.hasNotice
            ? try request.cookies[Cookies.session].flatMap { try accounts.takeNotice(token: $0) } : nil
        let kept = pagePath.map {
            SessionPage(csrf: session.csrf, heldProfiles: request.cookies[Cookies.heldProfiles] ?? "", path: $0)
        }
        let keepable = away == nil && request.query.isEmpty && pagePath != root + "reflections/"
        let version = current.generation
        let reuse = HTTPResponse.Reuse(
            forEveryone: false, files: accounts.filePaths + (try plannerFiles(of: session)), until: reuseUntil(session))
        if keepable, let kept, let page = renderedPages.answer(kept, version: version, now: clock()) {
            return KeptAnswers.response(page, for: request, reuse: reuse)
        }
        if let pagePath,
            let body = try current.live.render(
                pageAt: pagePath,
                session: try sessionContext(
                    session, request, notice: away,
                    undo: request.query["undo"] == "1"
                        ? undoOffer(
                            request, store: try planner(of: session).read().tasks,
                            back: String(pagePath.dropFirst(root.count)))
                        : nil,
                    changes: planChanges(request, of: session),
                    journal: pagePath == root + "reflections/"
                        ? journal(
                            of: session, day: try journalDay(of: session), saved: request.query["saved"] == "1")
                        : nil))
        {
            if keepable, let kept {
                let page = renderedPages.keep(
                    body, contentType: "text/html; charset=utf-8", for: kept, version: version)
                return KeptAnswers.response(page, for: request, reuse: reuse)
            }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                body: request.method == "HEAD" ? Data() : body)
        }
        // Before someone's first plan their day's pages do not exist yet: the planner is where it starts.
        if let pagePath = Self.pagePath(request.rawPath),
            ["schedule/", "week/", "focus/", "notifications/"].contains(String(pagePath.dropFirst(root.count))),
            try planner(of: session).read().plan == nil
        {
            var response = HTTPResponse.seeOther(root + "planner/")
            response.add("Cache-Control", "no-store")
            return response
        }
        return try response(from: StaticFiles(site: current, root: root), for: request, personal: true)
    }

    /// The file `request` names in `files`: a folder without its slash redirects, a missing file is 404.
    private func response(from files: StaticFiles, for request: HTTPRequest, personal: Bool) throws -> HTTPResponse {
        switch try files.lookup(request.rawPath) {
        case .folder(let redirect):
            return HTTPResponse(status: 301, headers: [("Location", redirect)])
        case .notFound:
            return notFound()
        case .file(let file):
            return try files.response(for: file, ifNoneMatch: request.header("If-None-Match"), personal: personal)
        }
    }

    /// The planner of the person a session belongs to (`planner(personID:isOwner:)`).
    func planner(of session: Accounts.Session) throws -> any PlannerStore {
        try planner(personID: session.personID, isOwner: session.isOwner)
    }

    /// The files the planner of the person a session belongs to is kept in (`PlannerDirectory.files`).
    func plannerFiles(of session: Accounts.Session) throws -> [String] {
        try planners.files(personID: session.personID, isOwner: session.isOwner)
    }

    /// The pages built from the planner of the person a session belongs to.
    func site(of session: Accounts.Session) throws -> LiveSite {
        try served(of: session).live
    }

    /// The site built from the planner of the person a session belongs to: all of the owner's
    /// when they plan in `Content/planner/`, else the personal files of their own.
    func served(of session: Accounts.Session) throws -> ServedSite {
        try served(personID: session.personID, name: session.name, isOwner: session.isOwner)
    }

    /// The site built from a person's planner (`served(of:)`).
    func served(personID: Int64, name: String, isOwner: Bool) throws -> ServedSite {
        plansInContent(isOwner: isOwner) ? try served : try people.site(for: personID, name: name, over: try served)
    }

    /// Whether a person (the owner, or another) plans in `Content/planner/`.
    func plansInContent(isOwner: Bool) -> Bool { planners.plansInContent(isOwner: isOwner) }

    /// The session the request's cookie opens, if any.
    func session(of request: HTTPRequest) throws -> Accounts.Session? {
        guard let token = request.cookies[Cookies.session], !token.isEmpty else { return nil }
        return try accounts.session(token: token, now: clock())
    }

    /// A page or file that needs sign-in: pages go to the sign-in form and come back; data gets 401.
    func signInFirst(_ request: HTTPRequest) throws -> HTTPResponse {
        let wantsPage = request.rawPath.hasSuffix("/") || request.rawPath.hasSuffix(".html")
        guard wantsPage else { return .text(401, "Sign in first", headers: [("Cache-Control", "no-store")]) }
        let next = request.rawPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        var response = HTTPResponse.seeOther(root + "login/?next=" + next)
        response.add("Cache-Control", "no-store")
        return response
    }

    /// What a signed-in person's pages know of them.
    func sessionContext(
        _ session: Accounts.Session, _ request: HTTPRequest, notice: String? = nil, draft: String? = nil,
        undo: SessionContext.UndoOffer? = nil, changes: String? = nil, journal: SessionContext.Journal? = nil
    ) throws -> SessionContext {
        let others = try heldProfiles(of: request).dropFirst().map(\.session.name)
        // What happened while the person was away (failed sign-ins), once, on their first page.
        let awayNotice =
            notice == nil && session.hasNotice
            ? try request.cookies[Cookies.session].flatMap { try accounts.takeNotice(token: $0) } : nil
        return SessionContext(
            name: session.name, csrf: session.csrf, signOutAction: root + "logout/", notice: notice ?? awayNotice,
            draft: draft,
            undo: undo, planChanges: changes,
            accountURL: root + "account/", otherProfiles: others, switchAction: root + "profiles/switch",
            addProfileURL: others.count + 1 < Self.profileLimit ? root + "login/?add=1" : nil, journal: journal,
            pushOff: pushOff)
    }

    /// The public page path (`/planner/`) a request path names, when it names a page.
    static func pagePath(_ rawPath: String) -> String? {
        guard let path = rawPath.removingPercentEncoding else { return nil }
        if path.hasSuffix("/") { return path }
        if path.hasSuffix("/index.html") { return String(path.dropLast("index.html".count)) }
        return nil
    }

    func notFound() -> HTTPResponse {
        guard let data = (try? live.withLock({ $0.site }).file(at: "404.html"))??.data else {
            return .text(404, "Not found")
        }
        return HTTPResponse(
            status: 404, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: data)
    }
}
