import Foundation
import CMarkGFM

/// CommonMark with GitHub's extensions (tables, strikethrough, autolinks, task lists,
/// footnotes), rendered to HTML by cmark-gfm. Raw HTML in the source is left out.
public enum Markdown {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    // Registration mutates global C state, so it happens once, before any parse.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_SMART | CMARK_OPT_GITHUB_PRE_LANG

    /// Renders Markdown `source` to an HTML fragment.
    public static func html(_ source: String) -> String {
        precondition(registered)
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        var bytes = Array(source.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parser_feed(parser, $0, buffer.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
