import Foundation

extension CapturedItem {
    /// One line of `aura parse --json`: every field present, null where the text named nothing.
    public func jsonLine(_ categorization: Categorization) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and nulls always encode.
        let data = try! encoder.encode(ParsedLine(item: self, categorization: categorization))
        return String(decoding: data, as: UTF8.self)
    }
}

private struct ParsedLine: Encodable {
    let item: CapturedItem
    let categorization: Categorization

    enum CodingKeys: String, CodingKey {
        case input, title, kind, date, due, part, time, minutes, rrule, category, reason, unread
        case timeIsApproximate = "time_approximate"
        case shortestMinutes = "minutes_shortest"
        case readAs = "read_as"
        case warnings
    }

    /// A phrase that looks like a when but was not read, where it starts and why.
    private struct Warning: Encodable {
        let column: Int
        let text: String
        let note: String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.input, forKey: .input)
        try container.encode(item.title, forKey: .title)
        try container.encode(item.kind.rawValue, forKey: .kind)
        try container.encode(item.date?.iso, forKey: .date)
        try container.encode(item.isDeadline, forKey: .due)
        try container.encode(item.partOfDay?.rawValue, forKey: .part)
        try container.encode(item.time?.description, forKey: .time)
        try container.encode(item.time.map { _ in item.timeIsApproximate }, forKey: .timeIsApproximate)
        try container.encode(item.minutes, forKey: .minutes)
        try container.encode(item.recurrence?.rrule, forKey: .rrule)
        try container.encode(categorization.category.rawValue, forKey: .category)
        try container.encode(categorization.reason, forKey: .reason)
        try container.encode(item.unread.map(\.text), forKey: .unread)
        try container.encode(item.shortestMinutes, forKey: .shortestMinutes)
        try container.encode(item.choices.map(\.note), forKey: .readAs)
        try container.encode(
            item.unread.map { Warning(column: $0.column, text: $0.text, note: $0.note) }, forKey: .warnings)
    }
}
