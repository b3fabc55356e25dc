import CHTTPTransport
import Foundation

/// The name–value lists a request carries outside its headers: the query of its target, the
/// fields of a form body (url-encoded, or multipart through GMime), and its cookies.
enum FormFields {
    /// A request target's path and its query (the part after `?`, empty when there is none).
    static func split(target: String) -> (path: String, query: String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// `a=1&b=two+words` as pairs in order, `+` and percent escapes decoded; a pair whose
    /// escapes are broken is left out.
    static func parse(_ encoded: String) -> [(name: String, value: String)] {
        encoded.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = parts.count > 1 ? decode(parts[1]) : "" else {
                return nil
            }
            return (name, value)
        }
    }

    /// `a=1; b=2` by name; the first of a name wins.
    static func cookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = trimmed(parts[0])
            guard !name.isEmpty, cookies[name] == nil else { continue }
            var value = parts.count > 1 ? trimmed(parts[1]) : ""
            if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            cookies[name] = value
        }
        return cookies
    }

    /// The fields of a url-encoded or multipart form body; none for any other body.
    static func form(contentType: String, body: Data) -> [(name: String, value: String)] {
        let type = contentType.lowercased()
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return parse(String(decoding: body, as: UTF8.self))
        }
        guard type.hasPrefix("multipart/form-data") else { return [] }
        final class Fields {
            var list: [(name: String, value: String)] = []
        }
        let fields = Fields()
        var error: UnsafePointer<CChar>?
        body.withUnsafeBytes { bytes in
            _ = aura_form_data_parse(
                contentType, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                { context, name, value, size in
                    guard let context, let name else { return }
                    let text = value.map {
                        String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
                    }
                    Unmanaged<Fields>.fromOpaque(context).takeUnretainedValue().list.append(
                        (String(cString: name), text ?? ""))
                }, Unmanaged.passUnretained(fields).toOpaque(), &error)
        }
        return fields.list
    }

    /// `text` without the spaces and tabs around it (a cookie header's optional whitespace).
    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
