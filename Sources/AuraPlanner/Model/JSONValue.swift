import Foundation

/// A JSON value, written the one way Aura writes JSON: keys sorted by their UTF-8 bytes,
/// slashes unescaped; compact for an answer, or laid out as Foundation's `JSONEncoder` lays out
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, byte for byte (`canonicalJSON`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as it is written (`12`, `-3`, `0.25`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members, in the order they are written: `object(_:)` sorts them by key.
    case members([Member])

    /// A member of an object.
    public struct Member: Sendable, Equatable {
        public let key: String
        public var value: JSONValue
    }

    /// An object of `members`, keys sorted by their UTF-8 bytes.
    public static func object(_ members: [String: JSONValue]) -> JSONValue {
        .members(sorted(members.map { Member(key: $0.key, value: $0.value) }))
    }

    /// `members` sorted by key; of two with one key, the later one (as a dictionary keeps it).
    static func sorted(_ members: [Member]) -> [Member] {
        var seen = Set<String>()
        return members.reversed().filter { seen.insert($0.key).inserted }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// The value as UTF-8 text: compact, or pretty as `canonicalJSON` writes it (no final newline).
    public func text(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, pretty: pretty, depth: 0)
        return out
    }

    private func write(into out: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text): Self.write(text, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            Self.writeMembers(elements, into: &out, pretty: pretty, depth: depth) { element, out in
                element.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            out.append(UInt8(ascii: "]"))
        case .members(let members):
            out.append(UInt8(ascii: "{"))
            Self.writeMembers(members, into: &out, pretty: pretty, depth: depth) { member, out in
                Self.write(member.key, into: &out)
                out.append(contentsOf: (pretty ? " : " : ":").utf8)
                member.value.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The members of an array or object between its brackets: pretty, each on a line of its
    /// own, indented two spaces a level (an empty one as an empty line, as `JSONEncoder` does).
    private static func writeMembers<Member>(
        _ members: [Member], into out: inout [UInt8], pretty: Bool, depth: Int,
        _ write: (Member, inout [UInt8]) -> Void
    ) {
        for (index, member) in members.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(into: &out, depth: depth + 1) }
            write(member, &out)
        }
        if pretty {
            if members.isEmpty { out.append(UInt8(ascii: "\n")) }
            newline(into: &out, depth: depth)
        }
    }

    private static func newline(into out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func write(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: Decodable {
    /// Reads any JSON value (an answer kept as text, read back).
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .number(String(value))
        } else if let value = try? single.decode(Double.self) {
            self = .number(JSONValue.text(of: value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// A number as `JSONEncoder` writes it: its shortest form, without a trailing `.0`.
    static func text<Number: BinaryFloatingPoint & LosslessStringConvertible>(of value: Number) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
