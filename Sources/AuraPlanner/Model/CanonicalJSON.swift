import Foundation

/// Pretty-printed JSON with sorted keys, unescaped slashes, ISO 8601 dates and a final
/// newline: the same value always gives the same bytes. Every JSON file Aura writes uses it.
public func canonicalJSON<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(value) + Data("\n".utf8)
}
