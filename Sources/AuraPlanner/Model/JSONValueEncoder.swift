import Foundation

/// Encodes an `Encodable` value as a `JSONValue`, with `JSONEncoder`'s meaning for the values it
/// treats apart (a `Date` as ISO 8601 under `.iso8601`, a `URL` as its address, a non-finite
/// number refused) and without its boxing and casting of every value: a planner's store is
/// written at each Done, so this is on the path of every action.
enum JSONValueEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try slot(for: value, at: []).resolved
    }

    /// What `value` encodes to: a leaf at once, or the node its own `encode(to:)` filled.
    fileprivate static func slot<T: Encodable>(for value: T, at path: [any CodingKey]) throws -> Slot {
        if T.self == String.self { return .value(.string(value as! String)) }
        if T.self == Bool.self { return .value(.bool(value as! Bool)) }
        if integerTypes.contains(where: { $0 == T.self }) { return .value(.number("\(value)")) }
        if T.self == Double.self { return .value(try number(value as! Double, at: path)) }
        if T.self == Float.self { return .value(try number(value as! Float, at: path)) }
        if T.self == Date.self { return .value(.string((value as! Date).formatted(.iso8601))) }
        if T.self == URL.self { return .value(.string((value as! URL).absoluteString)) }
        // Any other type encodes itself into containers of its own (a primitive other than
        // these would come back here through its single value container, for ever).
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: path))
        return .node(node)
    }

    private static let integerTypes: [any Any.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
        UInt64.self
    ]

    fileprivate static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, at path: [any CodingKey]
    ) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not a JSON number"))
        }
        return .number(JSONValue.text(of: value))
    }

    /// A member of an object or array: a value, or a container still being filled.
    fileprivate enum Slot {
        case value(JSONValue)
        case node(Node)

        var resolved: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.resolved
            }
        }
    }

    /// A container being filled; one that was never asked for is an empty object, as in
    /// `JSONEncoder`.
    fileprivate final class Node {
        /// An object's members in the order encoded (sorted once, when resolved).
        var members: [(key: String, slot: Slot)]?
        var elements: [Slot]?
        var single: JSONValue?

        var resolved: JSONValue {
            if let single { return single }
            if let elements { return .array(elements.map(\.resolved)) }
            return .members(
                JSONValue.sorted((members ?? []).map { JSONValue.Member(key: $0.key, value: $0.slot.resolved) }))
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.members == nil { node.members = [] }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.elements == nil { node.elements = [] }
            return UnkeyedContainer(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleContainer(node: node, codingPath: codingPath)
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func put(_ slot: Slot, at key: Key) {
            node.members!.append((key.stringValue, slot))
        }

        mutating func encodeNil(forKey key: Key) throws { put(.value(.null), at: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(.value(.bool(value)), at: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(.value(.string(value)), at: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            put(.value(try JSONValueEncoder.number(value, at: codingPath + [key])), at: key)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(.value(.number(String(value))), at: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(.value(.number(String(value))), at: key) }
        // The other numbers come to the generic `encode`, which writes them alike.
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            put(try JSONValueEncoder.slot(for: value, at: codingPath + [key]), at: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = Node()
            put(.node(nested), at: key)
            return NodeEncoder(node: nested, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = Node()
            put(.node(nested), at: key)
            return NodeEncoder(node: nested, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

        private func superEncoder(named name: String) -> any Encoder {
            let nested = Node()
            node.members!.append((name, .node(nested)))
            return NodeEncoder(node: nested, codingPath: codingPath)
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.elements!.count }

        private func append(_ slot: Slot) {
            node.elements!.append(slot)
        }

        mutating func encodeNil() throws { append(.value(.null)) }
        mutating func encode(_ value: Bool) throws { append(.value(.bool(value))) }
        mutating func encode(_ value: String) throws { append(.value(.string(value))) }
        mutating func encode(_ value: Double) throws {
            append(.value(try JSONValueEncoder.number(value, at: codingPath)))
        }
        mutating func encode(_ value: Int) throws { append(.value(.number(String(value)))) }
        mutating func encode(_ value: Int64) throws { append(.value(.number(String(value)))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            append(try JSONValueEncoder.slot(for: value, at: codingPath))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let nested = Node()
            append(.node(nested))
            return NodeEncoder(node: nested, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = Node()
            append(.node(nested))
            return NodeEncoder(node: nested, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let nested = Node()
            append(.node(nested))
            return NodeEncoder(node: nested, codingPath: codingPath)
        }
    }

    private struct SingleContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.single = .null }
        mutating func encode(_ value: Bool) throws { node.single = .bool(value) }
        mutating func encode(_ value: String) throws { node.single = .string(value) }
        mutating func encode(_ value: Double) throws {
            node.single = try JSONValueEncoder.number(value, at: codingPath)
        }
        mutating func encode(_ value: Int) throws { node.single = .number(String(value)) }
        mutating func encode(_ value: Int64) throws { node.single = .number(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            node.single = try JSONValueEncoder.slot(for: value, at: codingPath).resolved
        }
    }
}
