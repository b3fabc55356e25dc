import AuraPlanner
import Diagnostics

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatterDocument: Sendable {
    let fields: YAMLFields
    let body: String
    /// The 1-based line on which the body starts, for positions inside the body.
    let bodyLine: Int

    /// Splits `text` at the `---` fences. A file without front matter has empty fields.
    public init(text: String, file: String) throws(SourceError) {
        let text = TextInput.normalized(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.trimmingTrailingCarriageReturn == "---" else {
            fields = try YAMLFields(.mapping([], SourceMark(line: 1, column: 1)), file: file)
            body = text
            bodyLine = 1
            return
        }
        guard let closing = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingTrailingCarriageReturn) }) else {
            throw SourceError(file: file, line: 1, column: 1,
                              message: "front matter opened here is never closed; expected a line '---' after it")
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let node = try YAMLParser(file: file, lineOffset: 1).parse(yaml)
        fields = try YAMLFields(node, file: file)
        body = lines[(closing + 1)...].joined(separator: "\n")
        bodyLine = closing + 2
    }
}

private extension Substring {
    var trimmingTrailingCarriageReturn: Substring {
        last == "\r" ? dropLast() : self
    }
}
