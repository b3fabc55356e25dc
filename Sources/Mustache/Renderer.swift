/// Renders node trees into one growing buffer of UTF-8 bytes (appending to a `String` checks and
/// counts what it takes at every append). A renderer lives for a single render call, so
/// all of its state is local and a library can render many pages concurrently.
struct Renderer {
    /// Deep enough for recursive partials over real data; shallow enough to fail before the
    /// stack overflows when a template includes itself unconditionally.
    static let maximumInclusionDepth = 100

    private let templates: [String: Template]
    private(set) var output: [UInt8] = []
    private var context: ContextStack
    /// Added at every line start; grows with standalone partials and indented blocks.
    private var indentation = ""
    /// Block arguments passed down by the parent tags being rendered, outermost winning.
    private var blockArguments: [String: [Node]] = [:]
    private var inclusionDepth = 0
    private let escaping: Escaping
    /// Every name looked up and whether it was found, when the caller asked to know.
    var lookups: NameLookups?

    init(templates: [String: Template], context: MustacheValue, escaping: Escaping, lookups: NameLookups? = nil) {
        self.templates = templates
        self.context = ContextStack(context)
        self.escaping = escaping
        self.lookups = lookups
        output.reserveCapacity(16 * 1024)
    }

    mutating func render(_ nodes: [Node]) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text.utf8
            case .lineStart:
                output += indentation.utf8
            case .variable(let path, let escaped):
                lookup(path)?.write(to: &output, escaping: escaped ? escaping : nil)
            case .section(let path, let content, let inverted):
                try renderSection(lookup(path) ?? .null, content, inverted: inverted)
            case .partial(let inclusion):
                try include(inclusion, blockArguments: blockArguments)
            case .parent(let inclusion, let arguments):
                try include(inclusion, blockArguments: blockArguments.merging(arguments) { outer, _ in outer })
            case .block(let name, let content, let blockIndentation):
                let saved = indentation
                indentation += blockIndentation
                try render(blockArguments[name] ?? content)
                indentation = saved
            }
        }
    }

    private mutating func lookup(_ path: Path) -> MustacheValue? {
        let value = context.lookup(path)
        lookups?.record(path, found: value != nil)
        return value
    }

    private mutating func renderSection(_ value: MustacheValue, _ content: [Node], inverted: Bool) throws(MustacheError)
    {
        if inverted {
            if !value.isTruthy {
                try render(content)
            }
        } else if case .array(let items) = value {
            for item in items {
                try renderPushing(item, content)
            }
        } else if value.isTruthy {
            try renderPushing(value, content)
        }
    }

    private mutating func renderPushing(_ value: MustacheValue, _ content: [Node]) throws(MustacheError) {
        context.push(value)
        defer { context.pop() }
        try render(content)
    }

    /// Renders another template in place. A missing one renders nothing, as the spec asks of
    /// partials, in a library built to allow that; otherwise the library checked them all.
    private mutating func include(_ inclusion: Inclusion, blockArguments arguments: [String: [Node]])
        throws(MustacheError)
    {
        guard let template = templates[inclusion.name] else { return }
        guard inclusionDepth < Self.maximumInclusionDepth else {
            throw MustacheError(
                "'\(inclusion.name)' is included more than \(Self.maximumInclusionDepth) levels deep; does it include itself unconditionally?",
                at: inclusion.location)
        }
        let saved = (indentation, blockArguments)
        // Inline inclusions start flush: indentation belongs to the lines of standalone ones.
        indentation = inclusion.indentation.map { indentation + $0 } ?? ""
        blockArguments = arguments
        inclusionDepth += 1
        defer {
            (indentation, blockArguments) = saved
            inclusionDepth -= 1
        }
        try render(template.nodes)
    }
}
