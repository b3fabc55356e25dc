import Diagnostics

/// Every problem in `error`, one line each: a content error may hold several.
public func problemLines(_ error: any Error) -> [String] {
    switch error {
    case let build as BuildError: problemLines(build.underlying)
    case let several as SourceErrors: several.errors.map(\.description)
    default: ["\(error)"]
    }
}
