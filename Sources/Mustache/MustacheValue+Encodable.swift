extension MustacheValue {
    /// Converts any `Encodable` value by running its `encode(to:)` against an encoder that
    /// builds a `MustacheValue` directly.
    ///
    /// Structs and dictionaries become `.dictionary`, sequences `.array`; `nil` optionals
    /// become `.null` (keeping their key, so a lookup stops there instead of falling through
    /// to an outer context); integers that fit become `.int`; other types such as `Date`
    /// appear in whatever form their `Encodable` implementation produces.
    public init<T: Encodable>(encoding value: T) throws {
        let slot = EncodingSlot()
        try slot.store(value, codingPath: [])
        self = slot.value
    }
}
