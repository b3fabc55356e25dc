import AuraHTTP
import AuraUseCases

/// Work done around every answer, whichever route gives it, as Hummingbird's middleware does:
/// each one gets the request and the rest of the chain (`next`), and may answer itself, change
/// the request on its way in or the answer on its way out.
struct Middleware: Sendable {
    typealias Next = (HTTPRequest) -> HTTPResponse
    let run: @Sendable (AuraApp, HTTPRequest, Next) -> HTTPResponse

    /// `handler` with `chain` around it, the first outermost.
    static func answer(
        _ request: HTTPRequest, in app: AuraApp, through chain: [Middleware], _ handler: @escaping Next
    ) -> HTTPResponse {
        let next = chain.reversed().reduce(handler) { next, middleware in
            { request in middleware.run(app, request, next) }
        }
        return next(request)
    }

    /// The client's address and scheme as a trusted proxy in front says them.
    static let trustedProxies = Middleware { app, request, next in
        next(app.configuration.trustedProxies.resolve(request))
    }

    /// The security headers on every answer (`SecurityHeaders`).
    static let securityHeaders = Middleware { _, request, next in
        var response = next(request)
        response.headers += SecurityHeaders.all
        return response
    }

    /// With `--watch`: the reload stream, the reload script on every page, and no answer given
    /// again by the transport, since a build may change any file.
    static let liveReload = Middleware { app, request, next in
        guard let liveReload = app.liveReload else { return next(request) }
        let path = request.rawPath.hasPrefix(app.root) ? "/" + request.rawPath.dropFirst(app.root.count) : ""
        var response = liveReload.response(to: request.method, path: path) ?? next(request)
        liveReload.addScript(to: &response)
        response.reuse = nil
        return response
    }

    /// With `--publish`: a change that was carried out asks for the static site to be published.
    static let publishTrigger = Middleware { app, request, next in
        let response = next(request)
        if request.method == "POST", response.status < 400, let publisher = app.publisher {
            publisher.request(generation: try? app.contentPlanner.read().generation)
        }
        return response
    }
}
