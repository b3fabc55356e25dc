import CHTTPTransport
import Foundation

/// An HTTP/1.1 server on libh2o: one event loop per core accepts, parses and times out
/// connections within explicit limits; each complete request is handed to `handler` on a
/// worker thread, so one that waits (a plan, a database write, a push) holds up no loop, and its
/// answer goes back out on the request's loop. An answer the handler marks for reuse
/// (`HTTPResponse.reuse`) is given again by the loop itself while it stands. The handler must not
/// throw or crash: it answers every request.
public final class HTTPServer: @unchecked Sendable {
    /// The limits and address a server runs with.
    public struct Settings: Sendable {
        var address: String
        var port: UInt16
        /// Event loops; 0 for one per online core.
        public var loops = 0
        /// Threads that run the handler.
        public var workers = 8
        public var connectionLimit = 4096
        public var connectionsPerAddress = 64
        public var timeoutSeconds = 30
        public var headerLimit = 16 * 1024
        public var bodyLimit = 1024 * 1024
        /// Headers every answer carries unless it sets them itself, the transport's own error
        /// answers included.
        public var defaultHeaders: [(name: String, value: String)] = []
        /// Addresses the per-address connection limit does not apply to (trusted proxies, which
        /// carry many clients' connections).
        public var isUnlimited: @Sendable (String) -> Bool = { _ in false }
        /// Which header fields requests carry to the handler (the cookies and the body's type
        /// always).
        public var headerNames: [String] = []

        /// The count of changes made elsewhere (another replica, through a shared database),
        /// added to the files' (`FileChanges`): an answer is given again only while both stand.
        public var outsideChanges: (@Sendable () -> UInt64)?

        public init(address: String, port: UInt16) {
            self.address = address
            self.port = port
        }
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    let settings: Settings
    /// The connections admitted at once: `settings.connectionLimit`, or fewer when the
    /// process's open-file limit leaves room for fewer (`ulimit -n`, systemd's `LimitNOFILE`).
    public let connectionLimit: Int
    /// What tells the transport an answer it keeps still stands.
    private let changes = FileChanges()
    private let wantedHeaders: Set<String>
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    // Written once in init before any request can arrive; read by the worker threads after.
    private var transport: OpaquePointer?

    /// Binds and starts serving; throws when the address cannot be bound.
    public init(settings: Settings, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.settings = settings
        self.handler = handler
        let connectionLimit = DescriptorBudget.connections(wanted: settings.connectionLimit)
        self.connectionLimit = connectionLimit
        wantedHeaders = Set(settings.headerNames.map { $0.lowercased() } + ["content-type", "cookie"])
        let context = Unmanaged.passUnretained(self).toOpaque()
        let names = settings.defaultHeaders.map { strdup($0.name) }
        let values = settings.defaultHeaders.map { strdup($0.value) }
        defer {
            for copy in names + values { free(copy) }
        }
        transport = settings.address.withCString { address in
            names.map { UnsafePointer($0) }.withUnsafeBufferPointer { namePointers in
                values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                    var native = aura_http_settings(
                        address: address, port: settings.port, loops: UInt32(settings.loops),
                        workers: UInt32(settings.workers), connection_limit: UInt32(connectionLimit),
                        per_address_limit: UInt32(settings.connectionsPerAddress),
                        timeout_seconds: UInt32(settings.timeoutSeconds), header_limit: settings.headerLimit,
                        body_limit: settings.bodyLimit, default_header_names: namePointers.baseAddress,
                        default_header_values: valuePointers.baseAddress,
                        default_header_count: settings.defaultHeaders.count,
                        unlimited: { context, address in
                            guard let context, let address else { return 0 }
                            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                            return server.settings.isUnlimited(String(cString: address)) ? 1 : 0
                        },
                        changes: { context in
                            guard let context else { return 0 }
                            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                            return server.changes.count() &+ (server.settings.outsideChanges?() ?? 0)
                        })
                    return aura_http_start(
                        &native,
                        { context, request in
                            guard let context, let request else { return }
                            Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().answer(request)
                        }, context)
                }
            }
        }
        guard transport != nil else {
            throw StartError(
                description:
                    "cannot listen on \(settings.address):\(settings.port): \(String(cString: strerror(errno)))")
        }
    }

    /// The port the server listens on (the one the system chose when asked for 0).
    public var port: UInt16 { transport.map(aura_http_port) ?? 0 }

    /// Stops accepting, lets the requests in flight be answered and closes every connection.
    public func stop() {
        if let transport { aura_http_stop(transport) }
        transport = nil
    }

    deinit { stop() }

    private func answer(_ native: OpaquePointer) {
        send(handler(request(from: native)), to: native)
    }

    private func send(_ response: HTTPResponse, to native: OpaquePointer) {
        let names = response.headers.map { strdup($0.name) }
        let values = response.headers.map { strdup($0.value) }
        defer {
            for copy in names + values { free(copy) }
        }
        let stream = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { namePointers in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                if response.stream != nil {
                    return aura_http_respond_stream(
                        native, UInt32(response.status), namePointers.baseAddress,
                        valuePointers.baseAddress, response.headers.count)
                }
                response.body.withUnsafeBytes { body in
                    // An answer made from files whose folders cannot be watched is not kept.
                    let reuse = response.reuse.flatMap { changes.watch(foldersOf: $0.files) ? $0 : nil }
                    Self.withNative(reuse) { reuse in
                        aura_http_respond(
                            native, UInt32(response.status), body.bindMemory(to: UInt8.self).baseAddress,
                            body.count, namePointers.baseAddress, valuePointers.baseAddress, response.headers.count,
                            reuse)
                    }
                }
                return nil
            }
        }
        if let stream, let opened = response.stream { opened(EventStream(stream)) }
    }

    /// `body` given `reuse` as the transport takes it (nil for none).
    private static func withNative(
        _ reuse: HTTPResponse.Reuse?, _ body: (UnsafePointer<aura_http_reuse>?) -> Void
    ) {
        guard let reuse else { return body(nil) }
        var native = aura_http_reuse(
            for_everyone: reuse.forEveryone ? 1 : 0,
            until: reuse.until.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? 0,
            // A person's answer follows the changes even when made from no file: from a
            // database, whose changes `outsideChanges` counts.
            follows_changes: reuse.files.isEmpty && reuse.forEveryone ? 0 : 1)
        body(&native)
    }

    private func request(from native: OpaquePointer) -> HTTPRequest {
        // A field sent on several lines is one list (RFC 9110 §5.3), in the order sent: a proxy's
        // hop is not hidden behind one a client wrote.
        var headers: [String: String] = [:]
        for index in 0..<aura_http_header_count(native) {
            var name: UnsafePointer<CChar>?
            var value: UnsafePointer<CChar>?
            var nameSize = 0
            var valueSize = 0
            aura_http_header_at(native, index, &name, &nameSize, &value, &valueSize)
            guard let name, let value else { continue }
            let key = Self.text(name, nameSize).lowercased()
            guard wantedHeaders.contains(key) else { continue }
            let text = Self.text(value, valueSize)
            headers[key] = headers[key].map { $0 + (key == "cookie" ? "; " : ", ") + text } ?? text
        }
        var size = 0
        let body = aura_http_body(native, &size).map { Data(bytes: $0, count: size) } ?? Data()
        return HTTPRequest(
            method: String(cString: aura_http_method(native)), target: String(cString: aura_http_target(native)),
            fields: headers, body: body, clientAddress: String(cString: aura_http_client_address(native)))
    }

    private static func text(_ pointer: UnsafePointer<CChar>, _ size: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: size) {
            String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
        }
    }
}
