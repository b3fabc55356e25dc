import Foundation

/// Writes iCalendar (RFC 5545) text: CRLF line endings, content lines folded at 75 octets
/// without splitting a UTF-8 character, and TEXT values escaped.
package struct ICalendarWriter {
    private var output = ""
    private var open: [String] = []

    package init() {}

    /// Starts a component such as `VEVENT`.
    package mutating func begin(_ component: String) {
        line("BEGIN:\(component)")
        open.append(component)
    }

    /// Ends the innermost open component.
    package mutating func end() {
        line("END:\(open.removeLast())")
    }

    /// A property whose value is already in iCalendar form (a date, a number, a URI).
    package mutating func property(_ name: String, _ value: String) {
        line("\(name):\(value)")
    }

    /// A TEXT property, escaped.
    package mutating func text(_ name: String, _ value: String) {
        line("\(name):\(Self.escape(value))")
    }

    /// The finished document; every component must be closed.
    package var document: String {
        precondition(open.isEmpty, "unclosed components: \(open)")
        return output
    }

    private mutating func line(_ content: String) {
        output += Self.fold(content)
        output += "\r\n"
    }

    /// Escapes backslash, semicolon, comma and newlines in a TEXT value (RFC 5545 §3.3.11).
    package static func escape(_ text: String) -> String {
        // Most values hold nothing to escape: one look at their bytes spares a walk over their characters.
        guard text.utf8.contains(where: { [0x5C, 0x3B, 0x2C, 0x0A, 0x0D].contains($0) }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n": escaped += "\\n"
            case "\r": continue
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Splits a content line into lines of at most 75 octets; each continuation starts with a
    /// space (RFC 5545 §3.1). Whole characters stay together.
    package static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result
    }

    /// A UTC date-time value: `20261202T093000Z`.
    package static func utc(_ date: Date) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(c.year!, 4) + digits(c.month!, 2) + digits(c.day!, 2) + "T" + digits(c.hour!, 2)
            + digits(c.minute!, 2) + digits(c.second!, 2) + "Z"
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A signed duration value: `-PT10M`, `PT0S`, `PT1H30M`.
    package static func duration(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let total = abs(seconds)
        guard total > 0 else { return "PT0S" }
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        return sign + "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "")
            + (rest > 0 ? "\(rest)S" : "")
    }
}
