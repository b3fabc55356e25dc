import Foundation

/// One complete HTTP request as the server received it: the path exactly as sent, the headers,
/// cookies and query values the application reads, the body and the fields of a url-encoded
/// form (url-encoded or multipart) in it.
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
    /// Fields of a url-encoded or multipart form body, in order.
    public let form: [(name: String, value: String)]
    /// The client's IP address: the peer's, or behind a trusted proxy the one it forwarded for
    /// (`TrustedProxies.resolve`).
    public internal(set) var clientAddress: String
    /// `http`, or `https` when a trusted proxy says the client reached it so.
    public internal(set) var scheme = "http"

    public init(
        method: String, rawPath: String, headers: [String: String] = [:], cookies: [String: String] = [:],
        query: [String: String] = [:], body: Data = Data(),
        form: [(name: String, value: String)] = [], clientAddress: String = "127.0.0.1"
    ) {
        self.method = method
        self.rawPath = rawPath
        self.headers = headers
        self.cookies = cookies
        self.query = query
        self.body = body
        self.form = form
        self.clientAddress = clientAddress
    }

    /// The request as the transport reads it from what was sent: `target` split into the path and
    /// its query values, the cookies of the `cookie` field and the fields of a url-encoded or
    /// multipart body. `fields` are the header fields by lower-case name, a repeated one's values
    /// joined.
    public init(method: String, target: String, fields: [String: String], body: Data, clientAddress: String) {
        let (path, query) = FormFields.split(target: target)
        self.init(
            method: method, rawPath: path, headers: fields, cookies: FormFields.cookies(fields["cookie"] ?? ""),
            query: Dictionary(FormFields.parse(query), uniquingKeysWith: { first, _ in first }), body: body,
            form: FormFields.form(contentType: fields["content-type"] ?? "", body: body),
            clientAddress: clientAddress)
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first form field named `name`.
    public func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
}
