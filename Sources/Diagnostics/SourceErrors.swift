/// Several source errors found in one pass, reported together.
public struct SourceErrors: Error, CustomStringConvertible, Sendable {
    public let errors: [SourceError]

    public init(errors: [SourceError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// The problems in `error` when it is one source error or several; rethrows anything else.
    public static func unpack(_ error: any Error) throws -> [SourceError] {
        switch error {
        case let one as SourceError: [one]
        case let several as SourceErrors: several.errors
        default: throw error
        }
    }
}
