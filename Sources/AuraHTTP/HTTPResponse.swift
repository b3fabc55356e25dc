import CHTTPTransport
import Foundation

/// What the server answers: a status, headers in order, and a body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Set for a body sent later, a piece at a time (Server-Sent Events): the server sends the
    /// status and headers, then hands the open stream to this closure instead of sending `body`.
    public var stream: (@Sendable (EventStream) -> Void)?
    /// Whether the server may give this answer again by itself, without asking the app (a 200 to
    /// a `GET`); nil: never.
    public var reuse: Reuse?

    /// When an answer may be given again: to a `GET` or `HEAD` of the same target that asks for
    /// no range and sends no `If-None-Match` (the app compares tags), with the same cookies
    /// unless it is for everyone, while nothing changes in the folders of `files` (the ones it
    /// was made from; `FileChanges` watches them) nor, for an answer not for everyone, outside
    /// (`HTTPServer.Settings.outsideChanges`), and until `until`.
    public struct Reuse: Sendable {
        public var forEveryone: Bool
        public var files: [String]
        public var until: Date?

        public init(forEveryone: Bool, files: [String], until: Date? = nil) {
            self.forEveryone = forEveryone
            self.files = files
            self.until = until
        }
    }

    /// Text that the server replaces, each time it sends a body, by a new id of the same length:
    /// a form's action id, so a page given twice (two tabs, a kept answer) is two actions.
    public static let freshID = AURA_HTTP_FRESH_ID

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
