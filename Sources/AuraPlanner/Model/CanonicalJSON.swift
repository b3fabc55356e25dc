import Foundation

/// Pretty-printed JSON with sorted keys, unescaped slashes, ISO 8601 dates and a final
/// newline: the same value always gives the same bytes, the bytes Foundation's `JSONEncoder`
/// gives with those options. Every JSON file Aura writes uses it.
public func canonicalJSON<T: Encodable>(_ value: T) throws -> Data {
    var text = try JSONValueEncoder.encode(value).text(pretty: true)
    text.append(UInt8(ascii: "\n"))
    return Data(text)
}
