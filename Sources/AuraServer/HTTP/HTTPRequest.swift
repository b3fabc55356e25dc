import Foundation

/// One complete HTTP request as libmicrohttpd parsed it: the path exactly as sent, the headers,
/// cookies and query values the application reads, the body (within the limit) and any form
/// fields in it.
public struct HTTPRequest: Sendable {
    let method: String
    /// The request target's path, not percent-decoded (`/culture/a%20b/`).
    let rawPath: String
    /// Header values by lower-case name, for the names the server was told to read.
    let headers: [String: String]
    let cookies: [String: String]
    /// Query values by name, percent-decoded.
    let query: [String: String]
    let body: Data
    /// The body passed the server's limit and was dropped.
    let bodyTooLarge: Bool
    /// Fields of a url-encoded or multipart form body, in order.
    let form: [(name: String, value: String)]
    let clientAddress: String

    init(
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

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first form field named `name`.
    func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
}
