extension MustacheValue {
    /// Converts any `Encodable` value by running its `encode(to:)` against an encoder that
    /// builds a `MustacheValue` directly.
    ///
    /// Structs and dictionaries become `.dictionary`, sequences `.array`; `nil` optionals
    /// become `.null` (keeping their key, so a lookup stops there instead of falling through
    /// to an outer context); integers that fit become `.int`; other types such as `Date`
    /// appear in whatever form their `Encodable` implementation produces.
    ///
    /// A value that is `MustacheConvertible` gives its own `mustacheValue` instead, unless
    /// `convertingDirectly` is false (which tests use to check the two agree).
    public init<T: Encodable>(encoding value: T, convertingDirectly: Bool = true) throws {
        let slot = EncodingSlot(convertingDirectly: convertingDirectly)
        try slot.store(value, codingPath: [])
        self = slot.value
    }
}

/// A view model that builds its `MustacheValue` itself: the same value `Encodable` gives, made
/// without the encoder's containers, for the models a large site builds thousands of.
public protocol MustacheConvertible: Encodable {
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue {
    /// `.string`, or `.null` for nil: an optional as the encoder keeps it.
    public static func string(_ value: String?) -> MustacheValue {
        value.map(MustacheValue.string) ?? .null
    }

    /// Each value's own `mustacheValue`, as an array.
    public static func array(_ values: [some MustacheConvertible]) -> MustacheValue {
        // A closure, not `\.mustacheValue`: a key path in a generic function is made anew at
        // every call, which costs more than the values.
        .array(values.map { $0.mustacheValue })
    }
}
