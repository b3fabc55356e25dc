import AuraSite
import Foundation
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

        public init(build: BuildOptions, publicURL: URL? = nil) {
            self.build = build
            self.publicURL = publicURL
        }
    }

    public let configuration: Configuration
    let accounts: Accounts
    let files: StaticFiles
    let clock: @Sendable () -> Date
    private let live: Mutex<LiveSite>

    /// The headers, cookies and query values the routes read.
    public static let headerNames = ["Host", "Origin", "Content-Type", "Content-Length", "Transfer-Encoding", "If-None-Match", "Accept"]
    public static let cookieNames = [Cookies.session, Cookies.signInForm]
    public static let queryNames = ["next"]

    public init(configuration: Configuration, accounts: Accounts, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.configuration = configuration
        self.accounts = accounts
        self.clock = clock
        files = StaticFiles(root: configuration.build.outputDirectory)
        live = Mutex(try LiveSite(options: configuration.build))
    }

    var site: LiveSite { live.withLock { $0 } }
    var cookies: Cookies { Cookies(secure: configuration.publicURL?.scheme == "https", root: site.root) }

    /// Answers one request; never throws.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try route(request)
        } catch {
            response = .text(500, "Something went wrong on the server; the request was not carried out")
        }
        response.headers += SecurityHeaders.all
        return response
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.bodyTooLarge { return .text(413, "Request body too large") }
        let root = site.root
        guard request.rawPath.hasPrefix(root) || request.rawPath + "/" == root else { return notFound() }
        let path = "/" + request.rawPath.dropFirst(root.count)
        switch (request.method, path) {
        case ("GET", "/login/"), ("HEAD", "/login/"):
            return try signInPage(request, message: nil, status: 200)
        case ("POST", "/login/"):
            return try signIn(request)
        case ("POST", "/logout/"):
            return try signOut(request)
        case ("GET", _), ("HEAD", _):
            return try page(request)
        case ("POST", _):
            return .text(405, "Method not allowed", headers: [("Allow", "GET, HEAD")])
        default:
            return .text(405, "Method not allowed", headers: [("Allow", "GET, HEAD, POST")])
        }
    }

    private func page(_ request: HTTPRequest) throws -> HTTPResponse {
        switch files.lookup(request.rawPath) {
        case .folder(let redirect):
            return HTTPResponse(status: 301, headers: [("Location", redirect)])
        case .notFound:
            return notFound()
        case .file(let file):
            let relative = String(file.path.dropFirst(configuration.build.outputDirectory.resolvingSymlinksInPath().path.count + 1))
            let personal = PersonalPaths.contains(relative)
            if personal, try session(of: request) == nil {
                return signInFirst(request)
            }
            return files.response(for: file, ifNoneMatch: request.header("If-None-Match"), personal: personal)
        }
    }

    /// The session the request's cookie opens, if any.
    func session(of request: HTTPRequest) throws -> Accounts.Session? {
        guard let token = request.cookies[Cookies.session], !token.isEmpty else { return nil }
        return try accounts.session(token: token, now: clock())
    }

    /// A page or file that needs sign-in: pages go to the sign-in form and come back; data gets 401.
    private func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
        let wantsPage = request.rawPath.hasSuffix("/") || request.rawPath.hasSuffix(".html")
        guard wantsPage else { return .text(401, "Sign in first", headers: [("Cache-Control", "no-store")]) }
        let next = request.rawPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        var response = HTTPResponse.seeOther(site.root + "login/?next=" + next)
        response.add("Cache-Control", "no-store")
        return response
    }

    func notFound() -> HTTPResponse {
        let page = configuration.build.outputDirectory.appendingPathComponent("404.html")
        guard let data = FileManager.default.contents(atPath: page.path) else { return .text(404, "Not found") }
        return HTTPResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: data)
    }
}
