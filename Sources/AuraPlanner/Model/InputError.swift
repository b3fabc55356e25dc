/// A problem at a line and column of a user's file (the inbox, the task store), saying what was
/// expected. The caller adds the file name.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Every problem found in one file, in order.
public struct InputErrors: Error, Sendable, Equatable {
    public let errors: [InputError]
}
