/// Applies the spec's line-based whitespace rules to a token stream.
///
/// - A standalone line (only whitespace and either one non-interpolating tag or any number
///   of parent/block tags) disappears from the output, line break included. A partial or
///   parent on such a line remembers the line's indentation.
/// - Every other non-empty line starts with a `.lineStart` token, where the renderer inserts
///   the indentation of the partial being rendered.
/// - Block content is re-indented as the `~inheritance` spec requires: a block whose opening
///   tag ends a standalone line takes the indentation of its first content line as its
///   "intrinsic" indentation, which is stripped from every content line here and added back
///   wherever the block is expanded (`Token.indentation` of the block's opening tag). A block
///   without content lines expands with the indentation of its standalone line, and a
///   whole-line argument block whose closing tag ends a line keeps that line break.
struct LineLayout {
    private struct Scope {
        let kind: ScopeKind
        /// Index of the opening tag in `output`.
        let openerIndex: Int
        /// Indentation removed from each line inside this scope (accumulated over enclosing blocks).
        var strip: String
        /// A block given as an argument to a parent, rather than declared as a parameter.
        let isArgument: Bool
        /// The opening tag ends its line, so the content consists of whole lines.
        let isLineOriented: Bool
    }

    private var output: [Token] = []
    private var scopes: [Scope] = []
    /// The innermost scope is a line-oriented block whose first content line is the next line.
    private var awaitsIntrinsicIndentation = false

    static func apply(to tokens: [Token]) -> [Token] {
        var layout = LineLayout()
        var lineStart = tokens.startIndex
        for (index, token) in tokens.enumerated() where token.kind == .newline {
            layout.process(Array(tokens[lineStart...index]))
            lineStart = index + 1
        }
        if lineStart < tokens.endIndex {
            layout.process(Array(tokens[lineStart...]))
        }
        return layout.output
    }

    private mutating func process(_ line: [Token]) {
        var line = line
        if awaitsIntrinsicIndentation {
            awaitsIntrinsicIndentation = false
            adoptIntrinsicIndentation(from: line)
        }
        stripIndentation(from: &line)
        if Self.isStandalone(line) {
            appendStandalone(line)
        } else {
            appendInline(line)
        }
    }

    private var currentStrip: String { scopes.last?.strip ?? "" }

    private mutating func adoptIntrinsicIndentation(from line: [Token]) {
        let firstToken = line.first { !$0.isBlankText }
        if case .close = firstToken?.kind { return }  // empty block: keeps its tag's indentation
        var firstText = line.first?.kind == .text ? line[0].content : ""
        firstText.removeCommonPrefix(with: currentStrip)
        let intrinsic = String(firstText.prefix { $0 == " " || $0 == "\t" })
        scopes[scopes.count - 1].strip += intrinsic
        output[scopes[scopes.count - 1].openerIndex].indentation = intrinsic
    }

    private func stripIndentation(from line: inout [Token]) {
        guard !currentStrip.isEmpty, line.first?.kind == .text else { return }
        line[0].content.removeCommonPrefix(with: currentStrip)
        if line[0].content.isEmpty {
            line.removeFirst()
        }
    }

    private static func isStandalone(_ line: [Token]) -> Bool {
        var tagCount = 0
        var onlyInheritanceTags = true
        for token in line {
            switch token.kind {
            case .text where !token.isBlankText, .variable:
                return false
            case .text, .newline, .lineStart:
                continue
            case .open(let kind), .close(let kind):
                tagCount += 1
                onlyInheritanceTags = onlyInheritanceTags && kind.isInheritance
            case .comment, .setDelimiters, .partial:
                tagCount += 1
                onlyInheritanceTags = false
            }
        }
        return tagCount == 1 || (tagCount > 1 && onlyInheritanceTags)
    }

    private mutating func appendStandalone(_ line: [Token]) {
        let indentation = line.first?.isBlankText == true ? line[0].content : ""
        let tags = line.filter(\.isTag)
        for (position, var tag) in tags.enumerated() {
            switch tag.kind {
            case .partial, .open(.parent), .open(.block):
                tag.indentation = indentation
            default:
                break
            }
            let endsLine = position == tags.count - 1
            append(tag, isLineOriented: endsLine && tag.kind == .open(.block))
        }
    }

    private mutating func appendInline(_ line: [Token]) {
        guard let first = line.first else { return }
        // Empty lines stay empty rather than gaining trailing indentation (as mustache.js does).
        if first.kind != .newline {
            output.append(Token(.lineStart, "", at: first.location))
        }
        for (position, token) in line.enumerated() {
            if case .close = token.kind, let scope = scopes.last, scope.isArgument, scope.isLineOriented,
                let lineBreak = Self.lineBreak(endingLineAfter: position, in: line)
            {
                // A whole-line argument whose closing tag ends a line keeps that line break:
                // the text after the tag belongs to the parent tag, which ignores it.
                output.append(lineBreak)
            }
            append(token, isLineOriented: false)
        }
    }

    /// The line's break when only blanks follow `position`; nil if other content follows or the template ends.
    private static func lineBreak(endingLineAfter position: Int, in line: [Token]) -> Token? {
        let rest = line[(position + 1)...].drop { $0.isBlankText }
        guard rest.count == 1, let last = rest.first, last.kind == .newline else { return nil }
        return last
    }

    private mutating func append(_ token: Token, isLineOriented: Bool) {
        switch token.kind {
        case .open(let kind):
            scopes.append(
                Scope(
                    kind: kind,
                    openerIndex: output.count,
                    strip: currentStrip,
                    isArgument: kind == .block && scopes.last?.kind == .parent,
                    isLineOriented: isLineOriented))
            awaitsIntrinsicIndentation = isLineOriented
        case .close:
            scopes.removeLast()
        default:
            break
        }
        output.append(token)
    }
}

extension String {
    /// Removes the longest prefix shared with `other`, so lines indented less than `other` lose only what they have.
    fileprivate mutating func removeCommonPrefix(with other: String) {
        let shared = zip(self, other).prefix { $0 == $1 }.count
        removeFirst(shared)
    }
}
