import Foundation
import Testing

@testable import AuraPlanner

/// Every row of `Fixtures/phrasings.tsv`, read and compared field by field.
struct PhrasingTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let line: Int
        let fields: [String]
        var testDescription: String { "line \(line): \(fields[0])" }
    }

    static let today = LocalDate(year: 2026, month: 12, day: 2)!
    static let now = ClockTime(hour: 16, minute: 20)!

    static let rows: [Row] = {
        guard let url = Bundle.module.url(forResource: "phrasings", withExtension: "tsv", subdirectory: "Fixtures"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, row in
            row.isEmpty || row.hasPrefix("#")
                ? nil : Row(line: offset + 1, fields: row.split(separator: "\t").map(String.init))
        }
    }()

    @Test func theSetIsLargeEnough() {
        #expect(Self.rows.count >= 60)
    }

    @Test(arguments: rows)
    func readsAsExpected(_ row: Row) throws {
        let parser = CaptureParser(today: Self.today, now: Self.now)
        try #require(row.fields.count == 8, "line \(row.line) has \(row.fields.count) fields")
        let item = try #require(try parser.parse(row.fields[0]).first)
        func text(_ value: String?) -> String { value ?? "-" }
        let read = [
            item.title, text(item.date?.iso), text(item.time?.description), text(item.recurrence?.rrule),
            text(item.partOfDay?.rawValue), item.isDeadline ? "due" : "-",
            item.unread.isEmpty ? "-" : item.unread.map(\.text).joined(separator: "|")
        ]
        #expect(read == Array(row.fields.dropFirst()), "line \(row.line): \(row.fields[0])")
    }
}

extension PhrasingTests {
    @Test(arguments: [
        "call Sam tomorrow", "call Sam in an hour", "call Sam first thing friday", "pay rent by end of next month",
        "call Sam in 2 weeks", "renew passport on the 5th"
    ])
    func noDateLandsPastTheLastYear(_ line: String) {
        let parser = CaptureParser(
            today: LocalDate(year: 9999, month: 12, day: 31)!, now: ClockTime(hour: 23, minute: 30)!)
        // Refused, or read with no date and a warning.
        if let items = try? parser.parse(line) {
            #expect(items.allSatisfy { $0.date == nil && !$0.unread.isEmpty }, "\(items)")
        }
    }
}

extension PhrasingTests {
    static let grammarWords = [
        "in", "an", "a", "hour", "20", "minutes", "from", "now", "today", "tomorrow", "this", "next", "evening",
        "morning",
        "first", "thing", "friday", "fri", "18th", "32nd", "the", "3rd", "on", "by", "before", "end", "of", "week",
        "month",
        "year", "close", "business", "cob", "eod", "half", "quarter", "past", "to", "twenty", "five", "8", "13", "6",
        "o'clock",
        "every", "other", "third", "day", "days", "3", "500", "fortnightly", "quarterly", "weeks", "months", "at",
        "tonight",
        "call", "Sam", "pm", "am", "-", "2-3pm", "1h", "dec", "31", "feb", "30", "2026-02-29", "9999-12-31"
    ]

    /// Random lines of the grammar's own words, on days up to the last year: each reads or is
    /// refused with a column inside the line, and no date read passes 9999-12-31.
    @Test func randomLinesOfGrammarWordsReadOrAreRefusedInRange() {
        var checked = 0
        for seed in 1...UInt64(3000) {
            var random = SplitMix64(seed: seed)
            let line = (0..<Int.random(in: 1...14, using: &random)).map { _ in random.pick(Self.grammarWords) }.joined(
                separator: " ")
            let today =
                random.chance(0.2)
                ? LocalDate(year: 9999, month: 12, day: Int.random(in: 20...31, using: &random))!
                : LocalDate(
                    year: 2026, month: Int.random(in: 1...12, using: &random),
                    day: Int.random(in: 1...28, using: &random))!
            let parser = CaptureParser(
                today: today,
                now: random.chance(0.5) ? ClockTime(hour: Int.random(in: 0...23, using: &random), minute: 0) : nil)
            do {
                for item in try parser.parse(line) {
                    if let date = item.date {
                        #expect(date.year <= LocalDate.latestYear, "seed \(seed): \(line) → \(date)")
                    }
                    if case .interval(let interval) = item.recurrence {
                        #expect(interval.start.year <= LocalDate.latestYear)
                    }
                }
            } catch {
                #expect((1...line.count).contains(error.column), "seed \(seed): \(line) → \(error)")
            }
            checked += 1
        }
        #expect(checked == 3000)
    }
}
