import CHTTPDaemon
import Foundation

/// An HTTP/1.1 server on GNU libmicrohttpd: its epoll thread pool accepts, parses and times out
/// connections within explicit limits; each complete request is handed to `handler` on a pool
/// thread and its answer queued. The handler must not throw or crash: it answers every request.
public final class HTTPServer: @unchecked Sendable {
    /// The limits and address a server runs with.
    public struct Settings: Sendable {
        var address: String
        var port: UInt16
        var threads: Int = 4
        var connectionLimit: Int = 256
        var connectionsPerAddress: Int = 64
        var timeoutSeconds: Int = 30
        var headerMemoryLimit: Int = 64 * 1024
        var bodyLimit: Int = 1024 * 1024
        /// Which headers, cookies and query values requests carry to the handler.
        public var headerNames: [String] = []
        public var cookieNames: [String] = []
        public var queryNames: [String] = []

        public init(address: String, port: UInt16) {
            self.address = address
            self.port = port
        }
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    let settings: Settings
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    // Written once in init before any request can arrive; read by the pool threads after.
    private var daemon: OpaquePointer?

    /// Binds and starts serving; throws when the address cannot be bound.
    public init(settings: Settings, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.settings = settings
        self.handler = handler
        var native = aura_http_settings(
            address: nil, port: settings.port, threads: UInt32(settings.threads),
            connection_limit: UInt32(settings.connectionLimit),
            per_address_limit: UInt32(settings.connectionsPerAddress),
            timeout_seconds: UInt32(settings.timeoutSeconds), header_memory_limit: settings.headerMemoryLimit,
            body_limit: settings.bodyLimit)
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = settings.address.withCString { address in
            native.address = address
            return aura_http_start(
                &native,
                { context, request in
                    guard let context, let request else { return }
                    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().answer(request)
                }, context)
        }
        guard daemon != nil else {
            throw StartError(
                description:
                    "cannot listen on \(settings.address):\(settings.port): \(String(cString: strerror(errno)))")
        }
    }

    /// The port the server listens on (the one the system chose when asked for 0).
    public var port: UInt16 { daemon.map(aura_http_port) ?? 0 }

    /// Stops accepting, finishes the requests in flight and closes every connection.
    public func stop() {
        if let daemon { aura_http_stop(daemon) }
        daemon = nil
    }

    deinit { stop() }

    private func answer(_ native: OpaquePointer) {
        let response = handler(request(from: native))
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
                    aura_http_respond(
                        native, UInt32(response.status), body.bindMemory(to: UInt8.self).baseAddress, body.count,
                        namePointers.baseAddress, valuePointers.baseAddress, response.headers.count)
                }
                return nil
            }
        }
        if let stream, let opened = response.stream { opened(EventStream(stream)) }
    }

    private func request(from native: OpaquePointer) -> HTTPRequest {
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        var headers: [String: String] = [:]
        for name in settings.headerNames {
            // A field sent on several lines is one list (RFC 9110 §5.3), in the order sent: a
            // proxy's hop is not hidden behind one a client wrote.
            var values = [UnsafePointer<CChar>?](repeating: nil, count: 8)
            let count = min(aura_http_header_values(native, name, &values, values.count), values.count)
            guard count > 0 else { continue }
            headers[name.lowercased()] = values[..<count].compactMap(text).joined(separator: ", ")
        }
        var cookies: [String: String] = [:]
        for name in settings.cookieNames { cookies[name] = text(aura_http_cookie(native, name)) }
        var query: [String: String] = [:]
        for name in settings.queryNames {
            query[name] = text(aura_http_query(native, name)).flatMap {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
        }
        var size = 0
        let body = aura_http_body(native, &size).map { Data(bytes: $0, count: size) } ?? Data()
        let form = (0..<aura_http_form_count(native)).map { index in
            (
                name: String(cString: aura_http_form_name(native, index)),
                value: String(cString: aura_http_form_value(native, index))
            )
        }
        return HTTPRequest(
            method: text(aura_http_method(native)) ?? "", rawPath: text(aura_http_path(native)) ?? "",
            headers: headers, cookies: cookies, query: query, body: body,
            bodyTooLarge: aura_http_body_too_large(native) != 0, form: form,
            clientAddress: text(aura_http_client_address(native)) ?? "")
    }
}
