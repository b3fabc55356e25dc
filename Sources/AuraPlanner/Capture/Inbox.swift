import Diagnostics

/// The inbox file, `Content/planner/inbox.md`: one item per line. Blank lines, Markdown
/// headings (`# Today`), HTML comments and checked boxes (`- [x] …`) are not items; list
/// markers (`- `, `* `, `+ `, `- [ ] `, `1. `) in front of an item are dropped.
public enum Inbox {
    /// The items one line of the inbox gave.
    public struct Entry: Sendable, Equatable {
        /// 1-based line number.
        let line: Int
        public let items: [CapturedItem]

        /// The words its items left in their titles that look like a when, each at its column.
        public var warnings: [SourceError] {
            items.flatMap(\.unread).map { SourceError(line: line, column: $0.column, message: $0.sentence) }
        }
    }

    /// Captures every item line; all problems are reported together, with line and column.
    public static func capture(_ text: String, with parser: CaptureParser) throws(InputErrors) -> [Entry] {
        var entries: [Entry] = []
        var errors: [InputError] = []
        for (number, body) in itemLines(of: text) {
            do {
                entries.append(Entry(line: number, items: try parser.parse(body)))
            } catch {
                errors.append(InputError(line: number, column: error.column, message: error.message))
            }
        }
        guard errors.isEmpty else { throw InputErrors(errors: errors) }
        return entries
    }

    /// The inbox's `text` with `lines` added at its end, one a line.
    public static func appending(_ lines: [String], to text: String) -> String {
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        return text + separator + lines.map { $0 + "\n" }.joined()
    }

    /// The inbox once its items are in the store: the other lines stay as written, with runs
    /// of blank lines closed up.
    public static func drained(_ text: String) -> String {
        let itemNumbers = Set(itemLines(of: text).map(\.number))
        var kept: [Substring] = []
        for (index, line) in lines(of: text).enumerated() where !itemNumbers.contains(index + 1) {
            if line.allSatisfy(\.isWhitespace), kept.last?.allSatisfy(\.isWhitespace) ?? true { continue }
            kept.append(line)
        }
        while let last = kept.last, last.allSatisfy(\.isWhitespace) { kept.removeLast() }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }

    /// The inbox once a capture of `captured` (the inbox's text then) is drained from it, when
    /// that drain may not have happened: a plan stopped between saving the store and draining
    /// the inbox. Lines added since — `aura add` and editors append — are kept; the items that
    /// are already in the store are taken out exactly once. (One case stays ambiguous: if the
    /// drain did happen and one of its very lines was typed again before the next plan, that
    /// line is taken for the old one.)
    public static func finishingDrain(of captured: String, in current: String) -> String {
        if current.hasPrefix(captured) { return drained(captured) + current.dropFirst(captured.count) }
        let all = lines(of: captured)
        var pending = itemLines(of: captured).map { String(all[$0.number - 1]) }
        let currentLines = lines(of: current)
        if !currentLines.contains(where: { pending.contains(String($0)) }) { return current }  // drained already
        // Edited by hand since: take each captured item line out once, where it still stands.
        var kept: [Substring] = []
        for line in currentLines {
            if let index = pending.firstIndex(of: String(line)) {
                pending.remove(at: index)
            } else {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    private static func lines(of text: String) -> [Substring] {
        // "\r\n" is a single Character in Swift, so both separators are named.
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// The lines that hold items, each as its own string (so columns count from its start)
    /// and the item text in it without the list marker.
    private static func itemLines(of text: String) -> [(number: Int, body: Substring)] {
        var result: [(Int, Substring)] = []
        var inComment = false
        for (index, raw) in lines(of: text).enumerated() {
            let line = String(raw)
            let trimmed = line.drop(while: \.isWhitespace)
            if inComment || trimmed.hasPrefix("<!--") {
                inComment = !trimmed.contains("-->")
                continue
            }
            if let body = itemText(of: trimmed) { result.append((index + 1, body)) }
        }
        return result
    }

    /// The item in one line, without its list marker (`- `, `* `, `1. `, `- [ ] `), or nil when
    /// the line holds none: blank, a heading, a checked box or a one-line comment. The inbox
    /// and `aura parse` read lines through this one function.
    public static func itemText(of line: Substring) -> Substring? {
        let trimmed = line.drop(while: \.isWhitespace)
        if trimmed.isEmpty || trimmed.hasPrefix("# ") || trimmed.hasPrefix("##") || trimmed == "#"
            || trimmed.hasPrefix("<!--")
        {
            return nil
        }
        let body = withoutListMarker(trimmed)
        if body.lowercased().hasPrefix("[x]") { return nil }
        return body.hasPrefix("[ ]") ? body.dropFirst(3) : body
    }

    private static func withoutListMarker(_ text: Substring) -> Substring {
        if let first = text.first, "-*+".contains(first), text.dropFirst().first?.isWhitespace == true {
            return text.dropFirst().drop(while: \.isWhitespace)
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        if !digits.isEmpty, let mark = rest.first, mark == "." || mark == ")",
            rest.dropFirst().first?.isWhitespace == true
        {
            return rest.dropFirst().drop(while: \.isWhitespace)
        }
        return text
    }
}
