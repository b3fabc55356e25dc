import AuraHTTP
import Synchronization

/// What a route's handler is given, as Hummingbird hands each handler a request context: the
/// app, the request, its path under the site's root, and the signed-in person — their session
/// looked up once however many parts of the answer ask, and their planner.
final class RequestContext: Sendable {
    let app: AuraApp
    let request: HTTPRequest
    /// The request's path under the site's root (`/schedule/`).
    let path: String
    /// The session, once looked up (nil inside: not yet).
    private let looked = Mutex<Accounts.Session??>(nil)

    init(app: AuraApp, request: HTTPRequest, path: String) {
        self.app = app
        self.request = request
        self.path = path
    }

    /// The session the request's cookie opens, if any.
    var session: Accounts.Session? {
        get throws {
            if let known = looked.withLock({ $0 }) { return known }
            let session = try app.session(of: request)
            looked.withLock { $0 = .some(session) }
            return session
        }
    }

    /// The session an action acts for: the active one, or with `?profile=NAME` the session this
    /// browser holds for that person. A reminder's Done, or an action queued offline before the
    /// profile was switched, belongs to the person it was made for, not to whoever is active when
    /// it is sent. Nil when that person is not signed in here.
    var actingSession: Accounts.Session? {
        get throws {
            guard let name = request.query["profile"] else { return try session }
            let key = UserName.key(name)
            return try app.heldProfiles(of: request).first { UserName.key($0.session.name) == key }?.session
        }
    }
}
