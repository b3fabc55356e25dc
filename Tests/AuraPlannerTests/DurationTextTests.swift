import Foundation
import Testing

@testable import AuraPlanner

/// `durationText` against the table the site's script (`Aura.duration`) is held to as well.
struct DurationTextTests {
    struct Case: Decodable {
        let minutes: Int
        let text: String
    }

    struct Table: Decodable {
        let cases: [Case]
    }

    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/durations.json")

    @Test func everyDurationIsWrittenAsTheSharedTableSays() throws {
        let cases = try JSONDecoder().decode(Table.self, from: Data(contentsOf: Self.table)).cases
        #expect(cases.count >= 10)
        for entry in cases {
            #expect(durationText(entry.minutes) == entry.text, "\(entry.minutes) minutes")
        }
    }

    @Test func noLineCanBreakInsideADuration() {
        for minutes in [0, 5, 60, 90, 395, 1505] {
            let text = durationText(minutes)
            #expect(!text.contains(" "), "\(text) has a breaking space")
            #expect(text.unicodeScalars.contains("\u{00A0}"))
        }
    }

    @Test func aRangeWritesASharedUnitOnce() {
        let space = "\u{00A0}"
        #expect(durationText(from: 20, to: 30) == "20–30\(space)min")
        #expect(durationText(from: 60, to: 120) == "1–2\(space)h")
        #expect(durationText(from: 45, to: 90) == "45\(space)min–1\(space)h\(space)30\(space)min")
    }
}
