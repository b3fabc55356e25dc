import CMarkGFM
import Foundation
import Mustache

/// CommonMark with GitHub's extensions (tables, strikethrough, autolinks, task lists,
/// footnotes), rendered to HTML by cmark-gfm. Raw HTML in the source is left out.
package enum Markdown {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    // Registration mutates global C state, so it happens once, before any parse.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm 0.29 keeps the characters its extensions react to in one global table, which
    /// a parser sets up when fed and clears when finished: two parses at once would drop one
    /// another's autolinks, tables and strikethrough. Rendering the parsed tree is safe.
    private static let parsing = NSLock()

    /// A fenced block's language goes on its `<code>` as `class="language-…"`; GitHub's
    /// `<pre lang="…">` is not valid HTML (`yaml` is no language tag).
    package static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_SMART

    /// Renders Markdown `source` to an HTML fragment. Without `autolinks`, a bare address or
    /// e-mail in the text stays text: only links the author wrote as links are links.
    package static func html(_ source: String, autolinks: Bool = true) -> String {
        render(source, autolinks: autolinks) { _ in }
    }

    /// Renders Markdown `source` to an HTML fragment, after `prepare` has looked at (and may
    /// have changed) the parsed document.
    package static func render(
        _ source: String, autolinks: Bool = true, prepare: (_ document: OpaquePointer) throws -> Void
    ) rethrows -> String {
        precondition(registered)
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames where autolinks || name != "autolink" {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        var bytes = Array(source.utf8)
        let parsed = parsing.withLock {
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
            return cmark_parser_finish(parser)
        }
        guard let document = parsed else { return "" }
        defer { cmark_node_free(document) }
        try prepare(document)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// `{{value}}` escaping for a Mustache template whose output is Markdown: every character
    /// that could open a link, an image, emphasis, code or raw HTML, or start a block, is
    /// backslash-escaped, and line breaks become spaces, so a value is always plain text.
    /// Quotes and apostrophes stay as they are, for smart punctuation.
    package static let escaping = Escaping { output, text in
        for character in text {
            if character.isNewline {
                output.append(0x20)
                continue
            }
            if let ascii = character.asciiValue, significant.contains(ascii) { output.append(0x5C) }
            output += character.utf8
        }
    }

    private static let significant = Set("\\`*_[]()<>!&~|#+-=.{}:@^$".utf8)
}
