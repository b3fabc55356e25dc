/// A value bound to a `?` or read from a column: the three kinds the accounts tables hold.
public enum SQLValue: Equatable, Sendable {
    case integer(Int64)
    case text(String)
    case null

    public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    public var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// One connection to a SQL database, used by one thread at a time. Statements are written once
/// for every engine: `?` for each parameter, and only what SQLite and PostgreSQL both read the
/// same way (`INSERT … ON CONFLICT`, no engine's own functions).
public protocol SQLConnection {
    /// Runs one statement with `parameters` bound to its `?`s; returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> [[SQLValue]]
    /// Runs `work` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ work: () throws -> Result) throws -> Result
}

extension SQLConnection {
    /// Runs one statement that takes no parameters.
    @discardableResult
    public func execute(_ sql: String) throws -> [[SQLValue]] {
        try execute(sql, [])
    }
}

/// A SQL database many threads use: each borrows a connection no other thread uses meanwhile.
/// The household server's is a SQLite file; replicas share a PostgreSQL database.
public protocol SQLDatabase: Sendable {
    /// Runs `work` with a connection of its own.
    func withConnection<Result>(_ work: (any SQLConnection) throws -> Result) throws -> Result
    /// A count that moves whenever a session ends or changes, or a person does, through any
    /// process sharing the database; nil when the database cannot say (then nothing read from
    /// it may be kept for later requests).
    var accountsVersion: UInt64? { get }
}

extension SQLDatabase {
    public var accountsVersion: UInt64? { nil }
}

/// The database cannot be reached (down, restarting, the network gone): a request that needs
/// it is answered 503 and tried again, and the next use connects afresh.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
