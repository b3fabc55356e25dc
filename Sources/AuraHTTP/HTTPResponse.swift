import Foundation

/// What the server answers: a status, headers in order, and a body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Set for a body sent later, a piece at a time (Server-Sent Events): the server sends the
    /// status and headers, then hands the open stream to this closure instead of sending `body`.
    public var stream: (@Sendable (EventStream) -> Void)?

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(),
        stream: (@Sendable (EventStream) -> Void)? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// A short plain-text answer, for errors and redirects.
    public static func text(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
            body: Data((text + "\n").utf8))
    }

    /// 303 See Other to `location`, the answer to a form post.
    public static func seeOther(_ location: String) -> HTTPResponse {
        text(303, "See \(location)", headers: [("Location", location)])
    }

    public mutating func add(_ name: String, _ value: String) {
        headers.append((name, value))
    }
}
