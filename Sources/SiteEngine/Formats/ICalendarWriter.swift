import Foundation

/// Writes iCalendar (RFC 5545) text: CRLF line endings, content lines folded at 75 octets
/// without splitting a UTF-8 sequence, and TEXT values escaped.
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

    /// Escapes backslash, semicolon, comma and newlines in a TEXT value (RFC 5545 §3.3.11); a
    /// carriage return is dropped. Byte by byte: these are ASCII, never part of a longer UTF-8
    /// sequence.
    package static func escape(_ text: String) -> String {
        // Most values hold nothing to escape: one look at their bytes spares a copy.
        guard text.utf8.contains(where: { [0x5C, 0x3B, 0x2C, 0x0A, 0x0D].contains($0) }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case 0x5C, 0x3B, 0x2C: escaped += [0x5C, byte]
            case 0x0A: escaped += [0x5C, 0x6E]
            case 0x0D: continue
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Splits a content line into lines of at most 75 octets; each continuation starts with a
    /// space (RFC 5545 §3.1). No UTF-8 sequence is split.
    package static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        let bytes = Array(line.utf8)
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count + bytes.count / 24)
        var octets = 0
        var start = 0
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            if octets + (end - start) > 75 {
                folded += [0x0D, 0x0A, 0x20]
                octets = 1
            }
            folded += bytes[start..<end]
            octets += end - start
            start = end
        }
        return String(decoding: folded, as: UTF8.self)
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
