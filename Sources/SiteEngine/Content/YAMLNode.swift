/// A position in a source file, 1-based.
package struct SourceMark: Sendable, Equatable {
    package let line: Int
    package let column: Int
}

/// A parsed YAML value that remembers where it was written, so errors can point at it.
package indirect enum YAMLNode: Sendable, Equatable {
    /// A scalar; `isPlain` is false for quoted and block scalars (which are always strings).
    case scalar(String, isPlain: Bool, SourceMark)
    case sequence([YAMLNode], SourceMark)
    case mapping([(key: String, keyMark: SourceMark, value: YAMLNode)], SourceMark)

    package var mark: SourceMark {
        switch self {
        case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// The value for `key` when this node is a mapping.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// What kind of node this is, in words for error messages.
    var kindName: String {
        switch self {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a, let pa, let ma), .scalar(let b, let pb, let mb)): a == b && pa == pb && ma == mb
        case (.sequence(let a, let ma), .sequence(let b, let mb)): a == b && ma == mb
        case (.mapping(let a, let ma), .mapping(let b, let mb)):
            ma == mb && a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.keyMark == $1.keyMark && $0.value == $1.value }
        default: false
        }
    }
}
