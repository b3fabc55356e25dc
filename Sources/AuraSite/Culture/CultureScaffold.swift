import Foundation
import SiteEngine

/// A new culture entry's starting text: every field, each with a comment saying what it takes.
/// Its words are placeholders: until the editor replaces them, `aura check` and `aura build`
/// name each one left, so a half-written entry is never published.
public enum CultureScaffold {
    /// The placeholder values, by field, that no real entry has.
    static let placeholders = [
        "creator": "Creator's name", "country": "Country", "summary": "One line saying what it is."
    ]
    /// The start of the placeholder body.
    static let placeholderBody = "Two or three short paragraphs on why it is worth an evening"

    /// A URL slug from a title: ASCII letters and digits, words joined by hyphens
    /// (`A Doll's House` → `a-dolls-house`).
    public static func slug(for title: String) -> String {
        let folded = title.folding(
            options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en")
        )
        .lowercased()
        .replacingOccurrences(of: "'", with: "")
        .replacingOccurrences(of: "’", with: "")
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-")
    }

    /// The file's text for `title`, published on `date` (`YYYY-MM-DD`).
    public static func text(title: String, date: String) -> String {
        let quoted = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            ---
            title: "\(quoted)"
            # Author, playwright or company.
            creator: "\(placeholders["creator"]!)"
            # literature | theatre | drama | event
            kind: drama
            # Africa | East Asia | South Asia | Southeast Asia | Central Asia | Latin America |
            # Caribbean | Europe | Middle East | North America | Oceania
            region: Europe
            country: "Country"
            # A year (negative before the common era) or a quoted range such as "c. 1000–1012".
            year: 2000
            # One or more Visit & Experience tags: Live Visit | Read Script | Digital Stage
            tags: [Read Script]
            # What it asks of a tired person in the evening: low | medium | high
            energy: medium
            # Pages or minutes, as a reader would say it.
            length: "about 90 minutes"
            # For Live Visit: a permanent venue or company where it can be seen.
            # venue: "Theatre, City"
            # For Read Script or Digital Stage, where a legitimate source exists.
            # link: "https://…"
            summary: "One line saying what it is."
            published: \(date)
            ---
            Two or three short paragraphs on why it is worth an evening: what it is, what it asks
            of you, and how to approach it tonight.

            """
    }
}
