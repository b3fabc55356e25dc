/// The names renders looked up, tag by tag, and whether the context had each. Gathered over
/// every render of a set of templates, the names never found are those a template names but
/// its view model never has — a typo that would otherwise render as nothing.
public struct NameLookups: Sendable {
    private var tags: [SourceLocation: (name: String, found: Bool)] = [:]

    public init() {}

    mutating func record(_ path: Path, found: Bool) {
        let earlier = tags[path.location]?.found ?? false
        tags[path.location] = (path.name, earlier || found)
    }

    /// One error per tag whose name was looked up and never found, in file and line order.
    public var neverFound: [MustacheError] {
        tags.filter { !$0.value.found }.sorted { $0.key < $1.key }.map { location, tag in
            MustacheError(
                "'\(tag.name)' is not in the view model of any page rendered with this template; "
                    + "expected a name the view model has", at: location)
        }
    }
}
