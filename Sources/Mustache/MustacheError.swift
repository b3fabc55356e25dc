/// An error in a template, located at the tag that caused it.
///
/// Its `description` reads `file:line:column: message`, the format editors and
/// terminals recognise as a jump-to location, e.g.
/// `layouts/base.mustache:12:5: section 'items' opened here is never closed; expected {{/items}}`.
public struct MustacheError: Error, CustomStringConvertible, Sendable {
    /// The template the error is in, e.g. `layouts/base.mustache`.
    public let file: String
    /// The 1-based line of the offending tag, or 0 when the error concerns a whole template.
    public let line: Int
    /// The 1-based column (in characters) of the offending tag, or 0 when `line` is 0.
    public let column: Int
    /// What went wrong and what was expected instead.
    public let message: String

    /// Creates an error at an explicit position.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ message: String, at location: SourceLocation) {
        self.init(file: location.file, line: location.line, column: location.column, message: message)
    }

    /// `file:line:column: message`, or `file: message` for errors without a position.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
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
