import Diagnostics
import Foundation

/// A font file the theme ships for its heading family, as `type.heading_font` names it in
/// `tokens.yml`; the build fails where it is named when the file is missing.
package struct FontFile: Sendable {
    /// The family the file provides: the first name of the heading stack, unquoted.
    package let family: String
    /// The file's path under `Templates/`.
    package let path: String
    /// The weights a variable face spans (`heading_font_weights`); nil for a face of the
    /// heading weight alone.
    package let weights: ClosedRange<Int>?
    private let tokensFile: String
    private let line: Int
    private let column: Int

    /// Reads `heading_font` and `heading_font_weights` from the `type` mapping; nil when the
    /// theme names no file. A variable face must span `headingWeight`.
    package init?(_ type: YAMLFields, families: YAMLFields, headingWeight: Int) throws(SourceError) {
        guard let path = try type.string("heading_font") else { return nil }
        weights = try Self.weights(type, spanning: headingWeight)
        let stack = try families.requiredString("heading")
        let first = stack.split(separator: ",").first.map(String.init) ?? stack
        family = first.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        self.path = path
        tokensFile = type.file
        let mark = type.node["heading_font"]!.mark
        line = mark.line
        column = mark.column
    }

    /// `heading_font_weights`: two CSS font weights, the lightest and the heaviest.
    private static func weights(_ type: YAMLFields, spanning headingWeight: Int) throws(SourceError)
        -> ClosedRange<Int>?
    {
        guard let items = try type.strings("heading_font_weights") else { return nil }
        let node = type.node["heading_font_weights"]!
        let weights = items.compactMap { Int($0.0) }.filter(DesignTokens.Limits.weight.contains)
        guard items.count == 2, weights.count == 2, weights[0] < weights[1] else {
            throw type.error(
                "'heading_font_weights' is [\(items.map(\.0).joined(separator: ", "))]; expected the lightest and the heaviest weight the face spans, such as [300, 700]",
                at: node)
        }
        guard (weights[0]...weights[1]).contains(headingWeight) else {
            throw type.error(
                "'heading_font_weights' spans \(weights[0]) to \(weights[1]), not heading_weight \(headingWeight)",
                at: node)
        }
        return weights[0]...weights[1]
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
