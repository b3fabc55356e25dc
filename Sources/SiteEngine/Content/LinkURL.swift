/// Links written in front matter — a landing page action or section link, a culture entry's
/// `link` — checked by one rule before they reach an `href`.
package enum LinkURL {
    /// What is wrong with a link, in words that follow the link itself.
    package struct Problem: Error, Sendable, Equatable {
        package let message: String
    }

    /// Schemes a link may name; anything else (`javascript:`, `data:`, `vbscript:`) could run
    /// code or smuggle content when clicked.
    static let safeSchemes: Set<String> = ["http", "https", "mailto"]

    /// Accepts `http`, `https` (with a host) and `mailto` addresses and, unless `absolute`,
    /// relative paths (`/design/`, `#today`). Browsers drop spaces and control characters
    /// around and inside a scheme (` JavaScript:`, `java\tscript:`) and read `\` as `/`, so
    /// none of them is allowed anywhere.
    package static func check(_ text: String, absolute: Bool = false) throws(Problem) {
        let expected =
            absolute
            ? "expected an absolute https:// link"
            : "expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        if let bad = text.unicodeScalars.first(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0 == "\\"
        }) {
            let what =
                bad == " "
                ? "a space"
                : bad == "\\"
                    ? "a backslash" : "a control character (U+\(String(bad.value, radix: 16, uppercase: true)))"
            throw Problem(message: "'\(text)' has \(what); \(expected)")
        }
        guard let scheme = scheme(of: text) else {
            guard !absolute, !text.isEmpty, !text.hasPrefix("//") else {
                throw Problem(message: "'\(text)' is not a web address; \(expected)")
            }
            return
        }
        guard safeSchemes.contains(scheme.lowercased()), !absolute || scheme.lowercased() != "mailto" else {
            throw Problem(message: "'\(text)' is not a safe link; \(expected)")
        }
        if scheme.lowercased() != "mailto" {
            let rest = text.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"),
                let host = rest.dropFirst(2).split(whereSeparator: { "/?#".contains($0) }).first, !host.isEmpty
            else {
                throw Problem(message: "'\(text)' is not a web address; \(expected)")
            }
        }
    }

    /// The scheme of an absolute URL (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`,
    /// before the first `:`), or nil for a relative reference.
    private static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate
    }
}
