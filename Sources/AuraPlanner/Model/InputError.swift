import Diagnostics

/// A problem at a line and column of a user's file (the inbox, the task store), saying what was
/// expected: a `SourceError` whose file the caller adds with `problem.located(in:)`.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let problem: SourceError

    public init(line: Int, column: Int, message: String) {
        problem = SourceError(line: line, column: column, message: message)
    }

    public var line: Int { problem.line }
    public var column: Int { problem.column }
    public var message: String { problem.message }

    /// `line:column: message`.
    public var description: String { problem.description }
}

/// Every problem found in one file, in order.
public struct InputErrors: Error, Sendable, Equatable {
    public let errors: [InputError]
}
