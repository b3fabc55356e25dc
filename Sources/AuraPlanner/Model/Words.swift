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

/// A duration in minutes, written the one way Aura writes every duration (pages, notifications,
/// calendars, the command line, and `Aura.duration` in the site's script): `30 min`, `2 h`,
/// `1 h 30 min`; `0 min` for none (and for a negative count); past a day the hours go on
/// (`26 h 5 min`), since a plan never spans days. Each number is joined to its unit, and the hours
/// to the minutes, by a no-break space (U+00A0), so no line ever breaks inside a duration.
public func durationText(_ minutes: Int) -> String {
    let minutes = max(0, minutes)
    let space = "\u{00A0}"
    switch (minutes / 60, minutes % 60) {
    case (0, let m): return "\(m)\(space)min"
    case (let h, 0): return "\(h)\(space)h"
    case (let h, let m): return "\(h)\(space)h\(space)\(m)\(space)min"
    }
}

/// A length written as a range, its unit once where both ends share it: `20–30 min`, `1–2 h`,
/// `45 min–1 h 30 min`.
public func durationText(from shortest: Int, to longest: Int) -> String {
    let space = "\u{00A0}"
    if longest < 60 { return "\(max(0, shortest))–\(longest)\(space)min" }
    if shortest >= 60, shortest % 60 == 0, longest % 60 == 0 { return "\(shortest / 60)–\(longest / 60)\(space)h" }
    return "\(durationText(shortest))–\(durationText(longest))"
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
