/// How `{{name}}` escapes a string before it joins the output (`{{{name}}}` and `{{&name}}`
/// never escape). HTML is the Mustache default; a template whose output is another language —
/// Markdown, say — escapes for that language instead.
public struct Escaping: Sendable {
    let append: @Sendable (inout [UInt8], String) -> Void

    /// An escaping that appends `text` to `output` (UTF-8) in escaped form.
    public init(_ append: @escaping @Sendable (_ output: inout [UInt8], _ text: String) -> Void) {
        self.append = append
    }

    /// `& < > " '` become HTML entities.
    public static let html = Escaping { $0.appendEscapingHTML($1) }
}
