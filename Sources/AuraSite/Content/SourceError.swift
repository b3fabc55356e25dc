/// A problem in a user's file, located by 1-based line and column and saying what was expected.
public struct SourceError: Error, CustomStringConvertible, Sendable, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Several source errors found in one pass, reported together.
public struct SourceErrors: Error, CustomStringConvertible, Sendable {
    public let errors: [SourceError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
