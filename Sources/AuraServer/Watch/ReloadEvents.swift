import AuraHTTP
import Dispatch
import Foundation
import Synchronization

/// The open `/_aura/reload` streams (Server-Sent Events) of `aura serve --watch`, told when
/// the site was built again (`reload`) or failed to build (`build-error`, with the problems
/// and the banner that shows them). A page that connects while the build is broken hears the
/// problems at once. At most `limit` streams are open; more get 503.
final class ReloadEvents: Sendable {
    let limit: Int
    private let state = Mutex<State>(State())
    // Dispatch sources may be cancelled from any thread.
    nonisolated(unsafe) private let heartbeat: any DispatchSourceTimer

    private struct State {
        var clients: [Int: EventStream] = [:]
        var nextClient = 0
        /// Counts successful builds; a page that reconnects to a later one reloads.
        var generation = 0
        /// The `build-error` event while the last build failed.
        var failure: String?
    }

    /// A comment line every `heartbeatSeconds` keeps proxies from closing an idle stream and
    /// finds clients that left (a suspended connection does not notice them by itself).
    init(limit: Int = 32, heartbeatSeconds: Int = 15) {
        self.limit = limit
        heartbeat = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "aura.serve.heartbeat"))
        heartbeat.schedule(deadline: .now() + .seconds(heartbeatSeconds), repeating: .seconds(heartbeatSeconds))
        heartbeat.setEventHandler { [weak self] in self?.broadcast(": still here\n\n") }
        heartbeat.resume()
    }

    deinit { heartbeat.cancel() }

    /// The answer to `GET /_aura/reload`.
    func subscribe() -> HTTPResponse {
        guard state.withLock({ $0.clients.count }) < limit else {
            return .text(503, "Too many live-reload connections", headers: [("Retry-After", "5")])
        }
        let headers = [
            ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
            ("X-Accel-Buffering", "no")
        ]
        return HTTPResponse(status: 200, headers: headers) { [self] stream in
            state.withLock { state in
                let hello = Self.event("hello", ["generation": state.generation])
                guard state.clients.count < limit, stream.send("retry: 1000\n\n" + hello + (state.failure ?? "")) else {
                    stream.close()
                    return
                }
                state.clients[state.nextClient] = stream
                state.nextClient += 1
            }
        }
    }

    /// The site was built again: open pages reload.
    func reloaded() {
        let event = state.withLock { state in
            state.generation += 1
            state.failure = nil
            return Self.event("reload", ["generation": state.generation])
        }
        broadcast(event)
    }

    /// The site failed to build: open pages show `banner` (HTML) listing `problems`.
    func failed(problems: [String], banner: String) {
        let event = Self.event("build-error", ["problems": problems, "html": banner])
        state.withLock { $0.failure = event }
        broadcast(event)
    }

    /// Ends every stream (the server stops).
    func closeAll() {
        heartbeat.cancel()
        state.withLock { state in
            for client in state.clients.values { client.close() }
            state.clients = [:]
        }
    }

    var clientCount: Int { state.withLock { $0.clients.count } }

    private func broadcast(_ text: String) {
        state.withLock { state in
            for (id, stream) in state.clients where !stream.send(text) {
                stream.close()
                state.clients[id] = nil
            }
        }
    }

    /// One event; JSON data never spans lines.
    private static func event(_ name: String, _ data: [String: Any]) -> String {
        let json =
            (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])).map {
                String(decoding: $0, as: UTF8.self)
            } ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}
