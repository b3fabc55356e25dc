import Foundation

/// The address a site is published at: `site.yml`'s `base_url`, or `--base-url`. Both go
/// through `parse`, so what one accepts the other does.
public enum BaseURL {
    /// Every page repeats the address in its links, feeds and worker; 2,000 characters is what
    /// browsers and servers reliably accept in a whole URL.
    static let maximumLength = 2_000

    /// Why a text is not a usable base URL, in words that finish "base_url …" or "--base-url …".
    public struct Problem: Error, Sendable, Equatable {
        public let message: String
    }

    /// The address with a `/` at the end. It must be absolute http(s) with a plain host, and
    /// hold no space, quote, angle bracket, backslash or control character, so it can go into
    /// HTML, JavaScript and XML as written; percent escapes stay escaped in the output.
    public static func parse(_ text: String) throws(Problem) -> URL {
        let length = text.count
        guard length <= maximumLength else {
            throw Problem(message: "is \(length) characters long; expected at most \(maximumLength)")
        }
        if let offset = text.unicodeScalars.firstIndex(where: { !allowed.contains($0) }) {
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: offset) + 1
            throw Problem(
                message: "has \(describe(text.unicodeScalars[offset])) at character \(position); expected an address "
                    + "without spaces, quotes, angle brackets, backslashes or control characters (percent-encode them)")
        }
        guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.percentEncodedHost, !host.isEmpty,
            host.unicodeScalars.allSatisfy({ hostCharacters.contains($0) })
        else {
            throw Problem(message: "expects an absolute address such as https://aura.example/ (http or https)")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedQuery == nil,
            components.percentEncodedFragment == nil
        else {
            throw Problem(
                message:
                    "has a user, query or fragment; expected only scheme, host, port and path, such as https://aura.example/aura/"
            )
        }
        return url
    }

    /// The address's path (`/` or `/aura/`) exactly as written: percent escapes stay escaped,
    /// so `%0A` can never become a line break inside a link.
    package static func root(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// Printable ASCII that may appear in a URL (RFC 3986's characters, and `%` for escapes).
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&()*+,;=%")
    private static let hostCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.")

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case _ where scalar.properties.generalCategory == .control:
            "a control character (U+\(String(format: "%04X", scalar.value)))"
        case _ where !scalar.isASCII: "a non-ASCII character '\(scalar)'"
        default: "the character '\(scalar)'"
        }
    }
}
