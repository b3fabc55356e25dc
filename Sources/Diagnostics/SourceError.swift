/// A problem at a place in a text, saying what was expected: the one error with a position
/// that every module reports, or wraps in an error of its own.
///
/// Its `description` reads `file:line:column: message`, the format editors and terminals
/// recognise as a jump-to location. A reader handed bare text leaves `file` empty (`line:column:
/// message`) for its caller to fill in with `located(in:)`; a problem with a whole file has
/// line 0 (`file: message`).
public struct SourceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file as the person would type it; empty while the reader does not know it.
    public let file: String
    /// 1-based, or 0 when the problem concerns the whole file.
    public let line: Int
    /// 1-based, in characters; 0 when `line` is 0.
    public let column: Int
    /// What went wrong and what was expected instead.
    public let message: String

    public init(file: String = "", line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The same problem, in `file`.
    public func located(in file: String) -> SourceError {
        SourceError(file: file, line: line, column: column, message: message)
    }

    public var description: String {
        let place = (file.isEmpty ? [] : [file]) + (line > 0 ? ["\(line):\(column)"] : [])
        return place.isEmpty ? message : place.joined(separator: ":") + ": " + message
    }
}
