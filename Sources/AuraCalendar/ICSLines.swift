/// The raw lines of an ICS file, to give errors a line number (libical keeps none).
struct ICSLines {
    private let lines: [Substring]

    init(_ text: String) {
        // "\r\n" is a single Character in Swift, so both separators are named.
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// 1-based number of the first line at or after `start` that contains `text` (case-insensitive).
    func firstLine(containing text: String, after start: Int = 1) -> Int? {
        let wanted = text.uppercased()
        return lines.indices.dropFirst(max(0, start - 1)).first { lines[$0].uppercased().contains(wanted) }.map {
            $0 + 1
        }
    }

    /// 1-based line of the `number`th (from 0) `BEGIN:<component>`.
    func line(ofBegin component: String, number: Int) -> Int? {
        let begins = lines.indices.filter { lines[$0].trimmingSpaces.uppercased() == "BEGIN:\(component)" }
        return number < begins.count ? begins[number] + 1 : nil
    }

    /// The line a libical error message is about: libical ends its messages with the text it
    /// could not read ("Parse error in property name: DTSTRAT").
    func lineOfProblem(_ message: String, after start: Int) -> Int? {
        guard let colon = message.lastIndex(of: ":") else { return nil }
        let culprit = message[message.index(after: colon)...].trimmingSpaces
        return culprit.isEmpty ? nil : firstLine(containing: String(culprit), after: start)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
