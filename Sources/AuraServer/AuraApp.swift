import AuraSite
import Foundation

/// The application behind `aura serve`: routes each request to the built site's files, with
/// the personal pages reserved for the signed-in owner, and answers every malformed or
/// unexpected request with a status and a short body.
public final class AuraApp: Sendable {
    /// Everything the app is configured with.
    public struct Configuration: Sendable {
        /// The built site the server answers from.
        public var site: URL
        /// The address the site is reached at through a proxy (`https://…` makes cookies Secure).
        public var publicURL: URL?

        public init(site: URL, publicURL: URL? = nil) {
            self.site = site
            self.publicURL = publicURL
        }
    }

    public let configuration: Configuration
    private let files: StaticFiles

    /// The headers, cookies and query values the routes read.
    public static let headerNames = ["Host", "Origin", "Content-Type", "Content-Length", "Transfer-Encoding", "If-None-Match", "Accept"]
    public static let cookieNames: [String] = []
    public static let queryNames = ["next"]

    public init(configuration: Configuration) {
        self.configuration = configuration
        files = StaticFiles(root: configuration.site)
    }

    /// Answers one request; never throws.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        response.headers += SecurityHeaders.all
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        if request.bodyTooLarge { return .text(413, "Request body too large") }
        switch request.method {
        case "GET", "HEAD":
            return page(request)
        case "POST":
            return .text(405, "Method not allowed", headers: [("Allow", "GET, HEAD")])
        default:
            return .text(405, "Method not allowed", headers: [("Allow", "GET, HEAD")])
        }
    }

    private func page(_ request: HTTPRequest) -> HTTPResponse {
        switch files.lookup(request.rawPath) {
        case .folder(let redirect):
            return HTTPResponse(status: 301, headers: [("Location", redirect)])
        case .notFound:
            return notFound()
        case .file(let file):
            let relative = String(file.path.dropFirst(configuration.site.resolvingSymlinksInPath().path.count + 1))
            let personal = PersonalPaths.contains(relative)
            if personal {
                return .text(403, "Personal pages need sign-in, which arrives with accounts; the static build (aura build) has them")
            }
            return files.response(for: file, ifNoneMatch: request.header("If-None-Match"), personal: personal)
        }
    }

    private func notFound() -> HTTPResponse {
        let page = configuration.site.appendingPathComponent("404.html")
        guard let data = FileManager.default.contents(atPath: page.path) else { return .text(404, "Not found") }
        return HTTPResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: data)
    }
}
