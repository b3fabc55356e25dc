import Diagnostics

/// Several source errors found in one pass, reported together.
public struct SourceErrors: Error, CustomStringConvertible, Sendable {
    public let errors: [SourceError]

    public init(errors: [SourceError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// The problems in `error` when it is one source error or several; rethrows anything else.
    static func unpack(_ error: any Error) throws -> [SourceError] {
        switch error {
        case let one as SourceError: [one]
        case let several as SourceErrors: several.errors
        default: throw error
        }
    }
}

/// Every problem in `error`, one line each: a content error may hold several.
public func problemLines(_ error: any Error) -> [String] {
    switch error {
    case let build as BuildError: problemLines(build.underlying)
    case let several as SourceErrors: several.errors.map(\.description)
    default: ["\(error)"]
    }
}
