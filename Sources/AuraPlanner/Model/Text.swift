/// Splits text into words of letters and digits, as written (`Sam's` and `5k` stay whole).
func words(_ text: String) -> [String] {
    text.split(whereSeparator: { (character: Character) in
        !(character.isLetter || character.isNumber || character == "'" || character == "’")
    }).map(String.init)
}

/// The words of `text` in lower case.
func lowercasedWords(_ text: String) -> [String] {
    words(text).map { $0.lowercased() }
}

/// `a`, `a and b`, `a, b and c`.
func englishList(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
}

/// `text` when it has at most `limit` characters; otherwise its longest run of whole words
/// that fits with an ellipsis, at most `limit` characters in all. A first word longer than
/// the limit is the only one cut inside.
func clipped(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    let room = text.prefix(limit - 1)
    let cutsAWord = !(text.dropFirst(room.count).first?.isWhitespace ?? true)
    let words = cutsAWord ? room.trimmingSuffix { !$0.isWhitespace } : room
    let kept = words.trimmingSuffix { $0.isWhitespace || ($0.isPunctuation && !")”’".contains($0)) }
    return String(kept.isEmpty ? room : kept) + "…"
}

/// A duration in minutes written the way a person reads it: `45 m`, `1 h`, `2 h 30 m`.
public func durationText(_ minutes: Int) -> String {
    switch (minutes / 60, minutes % 60) {
    case (0, let m): return "\(m) m"
    case (let h, 0): return "\(h) h"
    case (let h, let m): return "\(h) h \(m) m"
    }
}

/// `n` in decimal, left-padded with zeros to `width` digits.
func zeroPadded(_ n: Int, _ width: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension String {
    /// The string with its first character in upper case (`call Sam` → `Call Sam`).
    var capitalizingFirst: String { prefix(1).uppercased() + dropFirst() }
}
