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
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, row in
            row.isEmpty || row.hasPrefix("#") ? nil : Row(line: offset + 1, fields: row.split(separator: "\t").map(String.init))
        }
    }()

    @Test func theSetIsLargeEnough() {
        #expect(Self.rows.count >= 60)
    }

    @Test(arguments: rows)
    func readsAsExpected(_ row: Row) throws {
        let parser = CaptureParser(today: Self.today, now: Self.now)
        if row.fields[1] == "!error" {
            #expect(throws: CaptureError.self) { try parser.parse(row.fields[0]) }
            do {
                _ = try parser.parse(row.fields[0])
            } catch {
                #expect(String(error.column) == row.fields[2], "\(error)")
            }
            return
        }
        try #require(row.fields.count == 8, "line \(row.line) has \(row.fields.count) fields")
        let item = try #require(try parser.parse(row.fields[0]).first)
        func text(_ value: String?) -> String { value ?? "-" }
        let read = [item.title, text(item.date?.iso), text(item.time?.description), text(item.recurrence?.rrule),
                    text(item.partOfDay?.rawValue), item.isDeadline ? "due" : "-",
                    item.unread.isEmpty ? "-" : item.unread.map(\.text).joined(separator: "|")]
        #expect(read == Array(row.fields.dropFirst()), "line \(row.line): \(row.fields[0])")
    }
}
