import Foundation

/// One complete HTTP request as libmicrohttpd parsed it: the path exactly as sent, the headers,
/// cookies and query values the application reads, the body (within the limit) and any form
/// fields in it.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The request target's path, not percent-decoded (`/culture/a%20b/`).
    public let rawPath: String
    /// Header values by lower-case name, for the names the server was told to read.
    public let headers: [String: String]
    public let cookies: [String: String]
    /// Query values by name, percent-decoded.
    public let query: [String: String]
    public let body: Data
    /// The body passed the server's limit and was dropped.
    public let bodyTooLarge: Bool
    /// Fields of a url-encoded or multipart form body, in order.
    public let form: [(name: String, value: String)]
    /// The client's IP address: the peer's, or behind a trusted proxy the one it forwarded for
    /// (`TrustedProxies.resolve`).
    public internal(set) var clientAddress: String
    /// `http`, or `https` when a trusted proxy says the client reached it so.
    public internal(set) var scheme = "http"

    public init(
        method: String, rawPath: String, headers: [String: String] = [:], cookies: [String: String] = [:],
        query: [String: String] = [:], body: Data = Data(), bodyTooLarge: Bool = false,
        form: [(name: String, value: String)] = [], clientAddress: String = "127.0.0.1"
    ) {
        self.method = method
        self.rawPath = rawPath
        self.headers = headers
        self.cookies = cookies
        self.query = query
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.form = form
        self.clientAddress = clientAddress
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first form field named `name`.
    public func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
}
