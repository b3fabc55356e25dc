import AuraHTTP
import AuraServer
import AuraSite
import AuraUseCases
import Diagnostics
import Dispatch
import Foundation
import Platform
import SiteEngine

/// `aura serve`: builds the site in memory and serves it over HTTP, live.
struct ServeCommand: Command {
    let spec = CommandSpec(
        name: "serve",
        summary: "Serve the site live over HTTP (loopback unless --listen names another address).",
        options: [
            SiteFolders.content, SiteFolders.templates,
            .value("--listen", "HOST:PORT", "address to listen on (default: 127.0.0.1:8080; port 0 picks a free one)"),
            .value("--state", "DIR", "where the server keeps the built site and its data (default: .aura)"),
            ServerDatabase.option,
            .value(
                "--public-url", "URL",
                "the https:// address a reverse proxy serves it at (Secure cookies, absolute links)"),
            .value("--output", "DIR", "also keep this static build (e.g. Public) current after every change made here"),
            .value(
                "--push-service", "PREFIX",
                "also send Web Push to this service (http(s)://host[:port]/path/; may be given again)"),
            .value(
                "--trusted-proxy", "ADDRESS",
                "a reverse proxy (IP or block, e.g. 127.0.0.1, 10.0.0.0/8) whose X-Forwarded-For and X-Forwarded-Proto are taken; may be given again"
            ),
            .value(
                "--push-contact", "ADDRESS",
                "who push services may contact about this server (mailto: or https:; default: the public address)"),
            .flag("--watch", "rebuild when Content/ or Templates/ change and reload open pages"),
            .flag("--quiet", "print nothing but errors and the address")
        ])

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let (host, port) = try Self.listenAddress(arguments.value("--listen") ?? "127.0.0.1:8080", spec: spec)
        var publicURL: URL?
        if let text = arguments.value("--public-url") {
            // It becomes the site's base URL, so it passes the same check as base_url and --base-url.
            do {
                publicURL = try BaseURL.parse(text)
            } catch {
                throw UsageError("--public-url \(error.message)", spec: spec)
            }
        }
        let stateFolder = terminal.url(for: arguments.value("--state") ?? ".aura")
        let state = ServerState(stateFolder)
        let folders = SiteFolders(arguments, in: terminal).buildOptions
        var published = [("--content", folders.contentDirectory), ("--templates", folders.templatesDirectory)]
        if arguments.value("--output") != nil { published.append(("--output", folders.outputDirectory)) }
        for (option, folder) in published where Self.isInside(stateFolder, folder) {
            throw UsageError(
                "--state \(displayPath(stateFolder)) is inside the \(option) folder \(displayPath(folder)); the accounts database and everyone's planners would be built into the site: keep the state folder outside it",
                spec: spec)
        }
        var options = folders
        options.outputDirectory = state.site
        options.baseURL = publicURL
        let database = try ServerDatabase(arguments, state: state, in: terminal, spec: spec)
        if case .postgres = database, arguments.value("--output") != nil {
            throw UsageError(
                "--output keeps a static build of Content/planner/, which with --database is nobody's planner; "
                    + "leave it out (replicas serve everyone's pages) or run 'aura build' for the public site",
                spec: spec)
        }
        let (accounts, planners, databaseChanges) = try database.open(content: options.contentDirectory, state: state)
        // What writers killed midway left (copies made 0600, never published) goes before serving.
        AtomicFile.removeLeftovers(in: stateFolder)
        try PlannerFolder(content: options.contentDirectory).removeLeftoverCopies()
        if planners == nil {
            for person in try accounts.people() {
                try state.removeContentLinks(of: person.id)
                try PlannerFolder(content: options.contentDirectory, folder: state.plannerFolder(person.id))
                    .removeLeftoverCopies()
            }
        }
        // The owner's deep links name them too, for a browser signed in as several people.
        options.profile = try accounts.people().first(where: \.isOwner)?.name
        // The static build keeps the site's own base URL: it is hosted elsewhere.
        let publish = arguments.value("--output") == nil ? nil : folders
        var configuration = AuraApp.Configuration(
            build: options, publicURL: publicURL, watch: arguments.flag("--watch"), publish: publish, state: state)
        configuration.planners = planners
        configuration.pushServices = arguments.values(of: "--push-service")
        configuration.pushContact = arguments.value("--push-contact")
        do {
            configuration.trustedProxies = try TrustedProxies(arguments.values(of: "--trusted-proxy"))
        } catch {
            throw UsageError("--trusted-proxy \(error)", spec: spec)
        }
        if let contact = configuration.pushContact, case .failure(let problem) = PushContact.check(contact) {
            throw UsageError("--push-contact \(problem)", spec: spec)
        }
        do {
            _ = try PushServices.check(configuration.pushServices)
        } catch {
            throw UsageError("--push-service \(error)", spec: spec)
        }
        let app: AuraApp
        do {
            app = try await AuraApp.start(configuration: configuration, accounts: accounts)
        } catch let error as BuildError {
            for problem in error.problems { terminal.printError("error: \(problem)") }
            return 1
        }
        var settings = HTTPServer.Settings(address: host, port: port)
        settings.headerNames = AuraApp.headerNames
        settings.defaultHeaders = AuraApp.securityHeaders
        let proxies = configuration.trustedProxies
        settings.isUnlimited = { proxies.contains($0) }
        if let databaseChanges { settings.outsideChanges = { databaseChanges.count() } }
        let server = try HTTPServer(settings: settings) { request in app.respond(to: request) }
        // Heard from before the line that says the server is up: a SIGTERM right after it counts.
        let interruption = Interruption()
        let shown = host.contains(":") ? "[\(host)]" : host
        terminal.print(
            "Serving \(displayPath(options.contentDirectory)) at http://\(shown):\(server.port)/"
                + (publicURL.map { " (public address \($0.absoluteString))" } ?? "") + " — Ctrl-C stops")
        if server.connectionLimit < settings.connectionLimit {
            terminal.printError(
                "warning: the open-file limit leaves room for \(server.connectionLimit) connections at once, not "
                    + "\(settings.connectionLimit); more are answered 503 (raise `ulimit -n`, or systemd's LimitNOFILE)"
            )
        }
        if let off = app.pushOff, !arguments.flag("--quiet") {
            terminal.print("Reminders with Aura closed (Web Push) are off: \(off)")
        }
        await interruption.wait()
        app.stop()
        // Stopping waits for requests in flight, which may be waiting for a build on Swift's
        // own threads: wait here from a thread of Dispatch's, not of that pool.
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                server.stop()
                stopped.resume()
            }
        }
        return 0
    }

    /// Whether `inner` is `outer` or lies under it, links resolved.
    static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        let (inner, outer) = (
            inner.standardizedFileURL.resolvingSymlinksInPath().path,
            outer.standardizedFileURL.resolvingSymlinksInPath().path
        )
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// `HOST:PORT`, with an IPv6 host in brackets (`[::1]:8080`).
    static func listenAddress(_ text: String, spec: CommandSpec) throws -> (String, UInt16) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw UsageError(
                "--listen expects HOST:PORT such as 127.0.0.1:8080 or [::1]:8080, got '\(text)'", spec: spec)
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        guard inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else {
            throw UsageError("--listen expects a numeric address such as 127.0.0.1 or ::1, got '\(host)'", spec: spec)
        }
        return (host, port)
    }

}

/// SIGINT and SIGTERM, heard through dispatch signal sources from the moment it is made; `wait()`
/// returns once either came (at once if one came before).
///
/// On Linux, libdispatch takes a signal over when it registers the source, on its own thread:
/// it installs a handler and reads the signal from a `signalfd`. `init` waits for both
/// registrations, so a signal sent once the server says it is up is never lost. The signals
/// are not set to be ignored (as on Darwin): that would replace libdispatch's handler, and a
/// signal landing on a thread that does not block it would be dropped.
private final class Interruption: @unchecked Sendable {
    private let queue = DispatchQueue(label: "aura.serve.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var interrupted = false
    private var continuation: CheckedContinuation<Void, Never>?

    init() {
        let registered = DispatchGroup()
        queue.sync {
            for number in [SIGINT, SIGTERM] {
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.setEventHandler { [self] in
                    for source in sources { source.cancel() }
                    interrupted = true
                    continuation?.resume()
                    continuation = nil
                }
                source.resume()
                sources.append(source)
            }
        }
        registered.wait()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            queue.sync {
                if interrupted { continuation.resume() } else { self.continuation = continuation }
            }
        }
    }
}
