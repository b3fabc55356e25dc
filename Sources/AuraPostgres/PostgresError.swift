/// What PostgreSQL or libpq said went wrong, with the SQLSTATE code when the server gave one.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// The SQLSTATE code (`40001`: a serialization failure), when the server sent one.
    public let state: String?

    public init(message: String, state: String?) {
        self.message = message
        self.state = state
    }

    public var description: String { message }
}
