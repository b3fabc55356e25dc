/// Splits text into lowercased words of letters and digits (`Sam's` gives `sam's`, `5k` stays).
func lowercasedWords(_ text: some StringProtocol) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }.map(String.init)
}

/// `a`, `a and b`, `a, b and c`.
func englishList(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
}

/// `text`, cut to `limit` characters with an ellipsis when longer.
func clipped(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)[...].trimmingSuffix(while: \.isWhitespace)) + "…"
}
