/// The data a template is rendered against.
///
/// Sections treat `null`, `false` and empty arrays as false (as the mustache(5) manual
/// describes; empty strings and zero count as true), iterate over arrays and push any other
/// value onto the context stack. Interpolating an array or dictionary renders nothing.
public enum MustacheValue: Sendable, Equatable {
    /// No value: renders as the empty string and hides sections.
    case null
    /// Renders as `true`/`false`; toggles sections.
    case bool(Bool)
    /// Renders in decimal.
    case int(Int)
    /// Renders without a fractional part when integral (`2`), otherwise in shortest form (`1.21`).
    case double(Double)
    /// Renders HTML-escaped in `{{name}}`, verbatim in `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// A section renders once per element, with the element on top of the context stack.
    case array([MustacheValue])
    /// The keys that names are looked up in.
    case dictionary([String: MustacheValue])
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// Creates `.null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Creates `.bool`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Creates `.int`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// Creates `.double`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByStringInterpolation {
    /// Creates `.string`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// Creates `.array`.
    public init(arrayLiteral elements: MustacheValue...) {
        self = .array(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Creates `.dictionary`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .dictionary(Dictionary(elements) { _, last in last })
    }
}
