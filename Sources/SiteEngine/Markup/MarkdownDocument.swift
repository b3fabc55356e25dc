import CMarkGFM
import Foundation

/// A Markdown document rendered as a page of its own: its title (its first level-1 heading,
/// taken out of the body), the body as HTML with an `id` on every heading for links to a
/// section and every table and code block focusable (it may scroll), and every link's and image's address
/// as `address` gave it back.
package struct MarkdownDocument: Sendable {
    /// A link's or image's address as written, and where: the line and column of its node (or
    /// of the block holding it).
    package struct Link {
        package let url: String
        package let line: Int
        package let column: Int
    }

    package let title: String?
    package let html: String
    /// The headings' ids, in order.
    package let ids: [String]

    /// Parses `source`; what `address` throws ends the rendering.
    package init(_ source: String, address: (Link) throws -> String) throws {
        var title: String?
        var slugs: [String] = []
        let rendered = try Markdown.render(source) { document in
            var headings: [OpaquePointer] = []
            var links: [OpaquePointer] = []
            let iterator = cmark_iter_new(document)
            defer { cmark_iter_free(iterator) }
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                    let node = cmark_iter_get_node(iterator)
                else { continue }
                switch cmark_node_get_type(node) {
                case CMARK_NODE_HEADING: headings.append(node)
                case CMARK_NODE_LINK, CMARK_NODE_IMAGE: links.append(node)
                default: break
                }
            }
            for node in links {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                var placed: OpaquePointer? = node
                while let current = placed, cmark_node_get_start_line(current) == 0 {
                    placed = cmark_node_parent(current)
                }
                let link = Link(
                    url: url, line: placed.map { Int(cmark_node_get_start_line($0)) } ?? 1,
                    column: placed.map { Int(cmark_node_get_start_column($0)) } ?? 1)
                _ = try address(link).withCString { cmark_node_set_url(node, $0) }
            }
            var seen: [String: Int] = [:]
            for node in headings {
                let text = Self.text(of: node)
                if title == nil, cmark_node_get_heading_level(node) == 1 {
                    title = text
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                    continue
                }
                let slug = Self.slug(text)
                let count = seen[slug, default: 0]
                seen[slug] = count + 1
                slugs.append(count == 0 ? slug : "\(slug)-\(count)")
            }
        }
        self.title = title
        ids = slugs
        // Raw HTML is left out of the rendering, so every `<hN>` in it is a heading's, in order.
        var withIDs = ""
        var rest = Substring(rendered)
        var slugsLeft = slugs[...]
        while let open = rest.range(of: #"<h[1-6]>"#, options: .regularExpression), let slug = slugsLeft.popFirst() {
            withIDs += rest[..<open.lowerBound] + rest[open.lowerBound..<rest.index(before: open.upperBound)]
            withIDs += " id=\"\(slug)\">"
            rest = rest[open.upperBound...]
        }
        // A wide table or code block scrolls inside itself, so it takes the keyboard's focus to scroll by.
        html = (withIDs + rest).replacingOccurrences(of: "<table>", with: "<table tabindex=\"0\">")
            .replacingOccurrences(of: "<pre>", with: "<pre tabindex=\"0\">")
    }

    /// The text of a heading: its text and code spans, without their markup.
    private static func text(of heading: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(heading)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                [CMARK_NODE_TEXT, CMARK_NODE_CODE].contains(cmark_node_get_type(node)),
                let literal = cmark_node_get_literal(node)
            else { continue }
            text += String(cString: literal)
        }
        return text
    }

    /// A heading's anchor, as GitHub makes it: lowercased letters, digits, `-` and `_`, with
    /// spaces as `-` and everything else left out.
    package static func slug(_ text: String) -> String {
        String(
            text.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }
}
