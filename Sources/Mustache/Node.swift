/// A parsed template element. Templates are immutable trees of nodes, shared freely between
/// concurrent renders.
enum Node: Sendable {
    case text(String)
    /// The start of a template line: where the indentation of a standalone partial goes.
    case lineStart
    case variable(Path, escaped: Bool)
    case section(Path, content: [Node], inverted: Bool)
    case partial(Inclusion)
    /// `{{<name}}…{{/name}}`: renders the named template with `arguments` overriding its blocks.
    case parent(Inclusion, arguments: [String: [Node]])
    /// `{{$name}}…{{/name}}`: `content` unless an enclosing parent passed an argument of that name;
    /// either is rendered with `indentation` added to each line.
    case block(name: String, content: [Node], indentation: String)
}

/// A reference to another template of the library, from a partial or parent tag. A class, as
/// `Path` is.
final class Inclusion: Sendable {
    let name: String
    /// The indentation of the tag's standalone line, added to every line of the included
    /// template; nil when the tag shares its line with other content.
    let indentation: String?
    let location: SourceLocation

    init(name: String, indentation: String?, location: SourceLocation) {
        self.name = name
        self.indentation = indentation
        self.location = location
    }
}

/// A name looked up in the context stack: `.` (no keys) or dot-separated keys, with the tag
/// that names it. A class: a renderer copies each node it walks, and a reference is one count
/// to raise where the fields are three (a large site's pages walk millions of nodes).
final class Path: Sendable {
    let keys: [String]
    let name: String
    let location: SourceLocation

    init(_ name: String, at location: SourceLocation) {
        keys = name == "." ? [] : name.split(separator: ".").map(String.init)
        self.name = name
        self.location = location
    }
}
