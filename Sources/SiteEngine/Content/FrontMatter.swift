import Diagnostics

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatterDocument: Sendable {
    package let fields: YAMLFields
    package let body: String
    /// The 1-based line on which the body starts, for positions inside the body.
    package let bodyLine: Int
    /// The front matter's text as written, between the fences; empty without front matter.
    package let frontMatter: String

    /// Splits `text` at the `---` fences. A file without front matter has empty fields.
    public init(text: String, file: String) throws(SourceError) {
        let parts = try FrontMatterParts(text: text, file: file)
        if let yaml = parts.yaml {
            fields = try YAMLFields(try YAMLParser(file: file, lineOffset: 1).parse(yaml), file: file)
        } else {
            fields = try YAMLFields(.mapping([], SourceMark(line: 1, column: 1)), file: file)
        }
        body = parts.body
        bodyLine = parts.bodyLine
        frontMatter = parts.yaml ?? ""
    }
}

/// A file's text split at its front matter's fences, nothing parsed: what reading an entry's
/// body again for its page needs.
package struct FrontMatterParts {
    /// The text between the fences; nil when the file does not open with one.
    package let yaml: String?
    package let body: String
    /// The 1-based line on which the body starts.
    package let bodyLine: Int

    package init(text: String, file: String) throws(SourceError) {
        var text = TextInput.normalized(text)
        // The fences are found by scanning bytes: splitting the whole file into lines and
        // joining the body again costs more than parsing its front matter.
        let fences = text.withUTF8 { Fences(in: $0) }
        guard let fences else {
            yaml = nil
            body = text
            bodyLine = 1
            return
        }
        guard let closing = fences.closing else {
            throw SourceError(
                file: file, line: 1, column: 1,
                message: "front matter opened here is never closed; expected a line '---' after it")
        }
        yaml = text.withUTF8 { String(decoding: $0[fences.yaml], as: UTF8.self) }
        body = text.withUTF8 { String(decoding: $0[closing.body], as: UTF8.self) }
        bodyLine = closing.line + 1
    }
}

/// Where the front matter's fences sit in a file's bytes.
private struct Fences {
    /// The bytes between the fences, without the line break before the closing one.
    package var yaml: Range<Int>
    /// The closing fence's 1-based line and the bytes after it (the body); nil when unclosed.
    package var closing: (line: Int, body: Range<Int>)?

    /// Nil when the first line is not `---`.
    package init?(in bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var line = 1
        var yamlStart = 0
        closing = nil
        yaml = 0..<0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = Self.trimmingCarriageReturn(bytes[start..<end])
            if line == 1 {
                guard text.elementsEqual("---".utf8) else { return nil }
                yamlStart = end + 1
            } else if text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) {
                yaml = yamlStart..<max(yamlStart, start - 1)
                closing = (line, min(end + 1, bytes.count)..<bytes.count)
                return
            }
            start = end + 1
            line += 1
        }
    }

    private static func trimmingCarriageReturn(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<
        UnsafeBufferPointer<UInt8>
    > {
        line.last == 0x0D ? line.dropLast() : line
    }
}
