/// One value under construction. The encoding containers hand out child slots and fill them
/// in place; `value` freezes the finished tree.
final class EncodingSlot {
    /// Whether a `MustacheConvertible` value gives its own `mustacheValue`.
    private let convertingDirectly: Bool
    private var single: MustacheValue = .null
    private var keyed: [String: EncodingSlot]?
    private var unkeyed: [EncodingSlot]?

    init(convertingDirectly: Bool) {
        self.convertingDirectly = convertingDirectly
    }

    var value: MustacheValue {
        if let keyed { return .dictionary(keyed.mapValues(\.value)) }
        if let unkeyed { return .array(unkeyed.map(\.value)) }
        return single
    }

    func set(_ value: MustacheValue) {
        single = value
    }

    /// Stores scalars directly; everything else encodes itself into this slot.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let bool as Bool:
            single = .bool(bool)
        case let string as String:
            single = .string(string)
        case let integer as any BinaryInteger:
            single = Int(exactly: integer).map(MustacheValue.int) ?? .double(Double(integer))
        case let float as any BinaryFloatingPoint:
            single = .double(Double(float))
        case let convertible as any MustacheConvertible where convertingDirectly:
            single = convertible.mustacheValue
        default:
            try value.encode(to: ValueEncoder(slot: self, codingPath: codingPath))
        }
    }

    func keyedChild(_ key: String) -> EncodingSlot {
        becomeKeyed()
        let child = EncodingSlot(convertingDirectly: convertingDirectly)
        keyed?[key] = child
        return child
    }

    func appendedChild() -> EncodingSlot {
        becomeUnkeyed()
        let child = EncodingSlot(convertingDirectly: convertingDirectly)
        unkeyed?.append(child)
        return child
    }

    var unkeyedCount: Int { unkeyed?.count ?? 0 }

    func becomeKeyed() {
        keyed = keyed ?? [:]
    }

    func becomeUnkeyed() {
        unkeyed = unkeyed ?? []
    }
}

struct ValueEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeKeyed()
        return KeyedEncodingContainer(KeyedSlotContainer(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeUnkeyed()
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}

// The generic `encode` methods below also witness the protocols' per-type requirements
// (`encode(_: Bool)`, `encode(_: Int8)`, …), since every scalar is `Encodable`;
// `EncodingSlot.store` handles scalars itself.

private struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        slot.keyedChild(key.stringValue).set(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.keyedChild(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    // Unlike the defaults, the `encodeIfPresent` overloads keep the key for `nil` (as `.null`).
    // Each scalar overload has its own default implementation, which a generic method would
    // not replace, so they are all spelled out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encode(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder(forKey: SuperKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder(forKey: key)
    }

    private func encoder(forKey key: any CodingKey) -> ValueEncoder {
        ValueEncoder(slot: slot.keyedChild(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.unkeyedCount }

    mutating func encodeNil() throws {
        slot.appendedChild().set(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = IndexKey(intValue: count)
        try slot.appendedChild().store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        nextEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nextEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        nextEncoder()
    }

    private func nextEncoder() -> ValueEncoder {
        let key = IndexKey(intValue: count)
        return ValueEncoder(slot: slot.appendedChild(), codingPath: codingPath + [key])
    }
}

private struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        slot.set(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try slot.store(value, codingPath: codingPath)
    }
}

private enum SuperKey: String, CodingKey {
    case `super`
}

private struct IndexKey: CodingKey {
    let index: Int
    var intValue: Int? { index }
    var stringValue: String { String(index) }

    init(intValue: Int) {
        index = intValue
    }

    init?(stringValue: String) {
        return nil
    }
}
