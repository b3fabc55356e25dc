/// The tags that open a scope closed by a matching `{{/name}}`.
enum ScopeKind: Sendable, Equatable {
    case section
    case invertedSection
    case parent
    case block

    /// How error messages refer to this kind of scope.
    var noun: String {
        switch self {
        case .section: "section"
        case .invertedSection: "inverted section"
        case .parent: "parent"
        case .block: "block"
        }
    }

    var sigil: String {
        switch self {
        case .section: "#"
        case .invertedSection: "^"
        case .parent: "<"
        case .block: "$"
        }
    }

    /// Parent and block tags may share a standalone line with each other (spec `~inheritance`).
    var isInheritance: Bool { self == .parent || self == .block }
}

/// One lexical piece of a template. Text never spans lines: line breaks are separate tokens,
/// which lets the line layout pass reason about whole lines.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case text
        case newline
        /// Inserted by `LineLayout` where a rendered line begins; partial indentation goes there.
        case lineStart
        case variable(escaped: Bool)
        case comment
        case setDelimiters
        case partial
        case open(ScopeKind)
        case close(ScopeKind)
    }

    let kind: Kind
    /// The text, the line break characters, or the tag's trimmed name.
    var content: String
    let location: SourceLocation
    /// Set by `LineLayout`. Partials and parents: the indentation of their standalone line,
    /// nil when they sit inside a line. Blocks: the indentation added to their content where
    /// they are expanded.
    var indentation: String?

    init(_ kind: Kind, _ content: String, at location: SourceLocation) {
        self.kind = kind
        self.content = content
        self.location = location
    }

    var isTag: Bool {
        switch kind {
        case .text, .newline, .lineStart: false
        default: true
        }
    }

    var isBlankText: Bool {
        kind == .text && content.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
