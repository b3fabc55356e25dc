import Diagnostics

/// An error in a template, located at the tag that caused it: a `SourceError` that callers
/// can tell from other problems.
///
/// Its `description` reads `file:line:column: message`, the format editors and
/// terminals recognise as a jump-to location, e.g.
/// `layouts/base.mustache:12:5: section 'items' opened here is never closed; expected {{/items}}`.
public struct MustacheError: Error, CustomStringConvertible, Sendable {
    /// Where and what: the file is the template's name, e.g. `layouts/base.mustache`; line
    /// and column are 0 when the error concerns a whole template.
    public let problem: SourceError

    /// Creates an error at an explicit position.
    init(file: String, line: Int, column: Int, message: String) {
        problem = SourceError(file: file, line: line, column: column, message: message)
    }

    init(_ message: String, at location: SourceLocation) {
        self.init(file: location.file, line: location.line, column: location.column, message: message)
    }

    public var file: String { problem.file }
    public var line: Int { problem.line }
    public var column: Int { problem.column }
    public var message: String { problem.message }

    /// `file:line:column: message`, or `file: message` for errors without a position.
    public var description: String { problem.description }
}

/// Where a tag starts in its template.
struct SourceLocation: Sendable, Hashable, Comparable {
    let file: String
    let line: Int
    let column: Int

    /// `line:column`, for messages that point back at another tag of the same file.
    var lineAndColumn: String { "\(line):\(column)" }

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
