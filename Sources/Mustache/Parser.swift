/// Turns template source into a node tree: tokenizing, applying the whitespace rules, then
/// nesting the tokens of each scope into its node.
enum Parser {
    struct Result {
        let nodes: [Node]
        /// Every parent tag in the template, so a library can check that each one resolves.
        let parents: [Inclusion]
        /// Every partial tag, for the same check.
        let partials: [Inclusion]
    }

    /// The nodes collected so far for the template or for one open scope.
    private struct Frame {
        var nodes: [Node] = []

        /// Merges adjacent text, appending in place so long runs stay linear.
        mutating func appendText(_ text: String) {
            guard case .text(var merged)? = nodes.last else {
                nodes.append(.text(text))
                return
            }
            nodes.removeLast()
            merged += text
            nodes.append(.text(merged))
        }
    }

    static func parse(_ source: String, file: String) throws(MustacheError) -> Result {
        let tokens = LineLayout.apply(to: try Tokenizer.tokenize(source, file: file))
        var frames = [Frame()]
        var openers: [Token] = []
        var parents: [Inclusion] = []
        var partials: [Inclusion] = []
        for token in tokens {
            switch token.kind {
            case .text, .newline:
                frames[frames.count - 1].appendText(token.content)
            case .lineStart:
                frames[frames.count - 1].nodes.append(.lineStart)
            case .variable(let escaped):
                frames[frames.count - 1].nodes.append(
                    .variable(Path(token.content, at: token.location), escaped: escaped))
            case .comment, .setDelimiters:
                break
            case .partial:
                partials.append(inclusion(token))
                frames[frames.count - 1].nodes.append(.partial(partials[partials.count - 1]))
            case .open:
                openers.append(token)
                frames.append(Frame())
            case .close(let kind):
                let node = node(kind, opener: openers.removeLast(), content: frames.removeLast().nodes)
                if case .parent(let inclusion, _) = node {
                    parents.append(inclusion)
                }
                frames[frames.count - 1].nodes.append(node)
            }
        }
        return Result(nodes: frames[0].nodes, parents: parents, partials: partials)
    }

    private static func node(_ kind: ScopeKind, opener: Token, content: [Node]) -> Node {
        switch kind {
        case .section, .invertedSection:
            return .section(
                Path(opener.content, at: opener.location), content: content, inverted: kind == .invertedSection)
        case .parent:
            // Only blocks count inside a parent tag; any other content is ignored (spec).
            var arguments: [String: [Node]] = [:]
            for case .block(let name, let blockContent, _) in content {
                arguments[name] = blockContent
            }
            return .parent(inclusion(opener), arguments: arguments)
        case .block:
            return .block(name: opener.content, content: content, indentation: opener.indentation ?? "")
        }
    }

    private static func inclusion(_ token: Token) -> Inclusion {
        Inclusion(name: token.content, indentation: token.indentation, location: token.location)
    }
}
