import AuraHTTP

/// Which handler answers a request, by its method and its path, as Hummingbird's router says it:
/// routes are tried in the order they were added, and the first whose path pattern matches and
/// that takes the request's method answers. A path that only routes for other methods match is
/// answered 405, naming them in `Allow`; a path no route matches, nil.
struct Router<Context: Sendable>: Sendable {
    /// What answers a request, given the request's context (which holds the request).
    typealias Handler = @Sendable (Context) throws -> HTTPResponse

    /// A path pattern: what a route answers for.
    enum Pattern: Sendable {
        /// This path alone.
        case path(String)
        /// Every path under this prefix.
        case prefix(String)
        /// Every path the test says yes to (it sees the request too: a query may decide).
        case matching(@Sendable (_ path: String, HTTPRequest) -> Bool)
        /// Every path.
        case any

        func matches(_ path: String, _ request: HTTPRequest) -> Bool {
            switch self {
            case .path(let exact): path == exact
            case .prefix(let prefix): path.hasPrefix(prefix)
            case .matching(let test): test(path, request)
            case .any: true
            }
        }
    }

    struct Route: Sendable {
        let methods: [String]
        let pattern: Pattern
        let handler: Handler
    }

    private(set) var routes: [Route] = []

    /// Adds a route for `methods` on the paths `pattern` matches.
    mutating func on(_ methods: String..., at pattern: Pattern, _ handler: @escaping Handler) {
        routes.append(Route(methods: methods, pattern: pattern, handler: handler))
    }

    /// `on("GET", "HEAD", …)`: a page or a file, which a HEAD asks about without its body.
    mutating func get(_ pattern: Pattern, _ handler: @escaping Handler) {
        on("GET", "HEAD", at: pattern, handler)
    }

    /// Where a request goes: the route that answers it (by its place among `routes`), the
    /// methods the routes matching its path take when none takes its method, or nowhere.
    enum Resolution: Equatable {
        case route(Int)
        case methodNotAllowed(allowed: [String])
        case none
    }

    /// Where `request` at `path` (under the site's root) goes.
    func resolve(_ request: HTTPRequest, at path: String) -> Resolution {
        var allowed: [String] = []
        for (index, route) in routes.enumerated() where route.pattern.matches(path, request) {
            if route.methods.contains(request.method) { return .route(index) }
            allowed += route.methods.filter { !allowed.contains($0) }
        }
        return allowed.isEmpty ? .none : .methodNotAllowed(allowed: allowed)
    }

    /// The answer of the route for `request` at `path`, given `context` (the request's, which
    /// the route's handler takes), the 405 of a path routed for other methods only, or nil for a
    /// path no route matches.
    func respond(to request: HTTPRequest, at path: String, in context: Context) throws -> HTTPResponse? {
        switch resolve(request, at: path) {
        case .route(let index): try routes[index].handler(context)
        case .methodNotAllowed(let allowed):
            .text(405, "Method not allowed", headers: [("Allow", allowed.joined(separator: ", "))])
        case .none: nil
        }
    }
}
