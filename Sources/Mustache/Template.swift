/// One parsed template. Parsing happens once, here; rendering only walks the result.
struct Template: Sendable {
    /// The name used in error messages, e.g. `layouts/base.mustache`.
    let name: String
    let nodes: [Node]
    /// The parent tags in this template, checked against the library it joins.
    let parents: [Inclusion]
    /// The partial tags in this template, checked the same way.
    let partials: [Inclusion]

    /// Parses `source`, throwing a `MustacheError` located in `name` for malformed tags,
    /// unclosed or mismatched sections and invalid delimiter changes.
    init(source: String, name: String) throws {
        let parsed = try Parser.parse(source, file: name)
        self.name = name
        nodes = parsed.nodes
        parents = parsed.parents
        partials = parsed.partials
    }
}
