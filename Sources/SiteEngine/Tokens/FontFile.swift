import Diagnostics
import Foundation

/// A font file the theme ships for its heading family, as `type.heading_font` names it in
/// `tokens.yml`; the build fails where it is named when the file is missing.
package struct FontFile: Sendable {
    /// The family the file provides: the first name of the heading stack, unquoted.
    package let family: String
    /// The file's path under `Templates/`.
    package let path: String
    private let tokensFile: String
    private let line: Int
    private let column: Int

    /// Reads `heading_font` from the `type` mapping; nil when the theme names no file.
    package init?(_ type: YAMLFields, families: YAMLFields) throws(SourceError) {
        guard let path = try type.string("heading_font") else { return nil }
        let stack = try families.requiredString("heading")
        let first = stack.split(separator: ",").first.map(String.init) ?? stack
        family = first.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        self.path = path
        tokensFile = type.file
        let mark = type.node["heading_font"]!.mark
        line = mark.line
        column = mark.column
    }

    /// The error for a file that is not in `templatesDirectory`.
    package func missing(in templatesDirectory: URL) -> SourceError {
        let location = displayPath(templatesDirectory.appendingPathComponent(path))
        return SourceError(
            file: tokensFile, line: line, column: column,
            message:
                "the heading font \(location) is missing; run 'make deps' to subset it, or remove heading_font to use system fonts"
        )
    }
}
