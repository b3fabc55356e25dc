import Foundation
import Testing

@testable import AuraPlanner

/// `canonicalJSON` writes what Foundation's `JSONEncoder` writes with the same options, byte for
/// byte — the reference every test here compares against — for the planner's own files, for
/// every ASCII character and a spread of others, and for random values of every shape.
struct CanonicalJSONTests {
    private static func reference<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value) + Data("\n".utf8)
    }

    private static func expectSame<T: Encodable>(_ value: T, _ comment: Comment? = nil) throws {
        let ours = try canonicalJSON(value)
        let theirs = try reference(value)
        #expect(
            ours == theirs,
            "\(comment.map { "\($0): " } ?? "")\(String(decoding: ours, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))"
        )
    }

    @Test func thePlannersFilesAreWrittenAsJSONEncoderWritesThem() throws {
        var store = try DayPlannerTests.store(
            ["write the grant report 2h", "pay the gas bill 10m", "call “Ann” about the 1/2 day \\ tab\there"])
        let day = DayPlannerTests.day
        let planner = DayPlanner(settings: DayPlannerTests.settings)
        let eight = day.date(minutes: 8 * 60, in: DayPlannerTests.settings.timeZone)
        let ids = store.tasks.map(\.id)
        _ = try store.apply(.done, to: [ids[0]], on: day, at: 1_796_000_000_123)
        _ = try store.apply(
            .snooze(until: eight.addingTimeInterval(900.5)), to: [ids[1]], on: day, at: 1_796_000_000_456)
        let plan = PlanSnapshot(
            days: planner.planHorizon(store, from: day, now: eight, calendar: nil),
            now: eight.addingTimeInterval(0.25), previous: nil)
        try Self.expectSame(store.tasks, "the tasks")
        try Self.expectSame(store.recentChanges, "what Undo keeps")
        try Self.expectSame(plan, "the plan")
    }

    @Test func everyASCIICharacterAndOthersInKeysAndValues() throws {
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let others = [
            "é", "ß", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "𝄞", "👩🏽‍💻", "\u{0301}e", "中文", "</script>"
        ]
        for text in ascii + others {
            try Self.expectSame([text: text], "\(text.unicodeScalars.map { $0.value })")
        }
        try Self.expectSame(Dictionary(uniqueKeysWithValues: (ascii + others).map { ($0, $0) }), "keys in order")
    }

    private struct Shapes: Encodable {
        var text: String?
        var number: Int?
        var big: UInt64?
        var small: Int8?
        var real: Double?
        var single: Float?
        var flag: Bool?
        var when: Date?
        var address: URL?
        var list: [Shapes] = []
        var table: [String: [Int]] = [:]
        var nothing: [String]?
        var explicitNull: String?? = .some(nil)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(text, forKey: .text)
            try container.encodeIfPresent(number, forKey: .number)
            try container.encodeIfPresent(big, forKey: .big)
            try container.encodeIfPresent(small, forKey: .small)
            try container.encodeIfPresent(real, forKey: .real)
            try container.encodeIfPresent(single, forKey: .single)
            try container.encodeIfPresent(flag, forKey: .flag)
            try container.encodeIfPresent(when, forKey: .when)
            try container.encodeIfPresent(address, forKey: .address)
            try container.encode(list, forKey: .list)
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(nothing, forKey: .nothing)
            if case .some(nil) = explicitNull { try container.encodeNil(forKey: .explicitNull) }
            var nested = container.nestedUnkeyedContainer(forKey: .nested)
            try nested.encode(list.count)
            var deeper = nested.nestedContainer(keyedBy: Key.self)
            try deeper.encode(table.isEmpty, forKey: .flag)
        }

        enum Key: String, CodingKey {
            case text, number, big, small, real, single, flag, when, address, list, table, nothing, explicitNull, nested
        }

        static func random(_ generator: inout SplitMix64, depth: Int = 0) -> Shapes {
            let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "\u{7F}", "é", "𝄞", "\u{2028}"]
            func text() -> String {
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in generator.pick(pieces) }.joined()
            }
            var value = Shapes()
            if generator.chance(0.7) { value.text = text() }
            if generator.chance(0.5) { value.number = Int.random(in: Int.min...Int.max, using: &generator) }
            if generator.chance(0.2) { value.big = UInt64.random(in: UInt64.max - 9...UInt64.max, using: &generator) }
            if generator.chance(0.2) { value.small = Int8.random(in: Int8.min...Int8.max, using: &generator) }
            if generator.chance(0.5) {
                value.real = generator.pick([
                    0, -0.0, 1, -1, 0.1, 0.5, 1.0 / 3, 1e300, 1e-7, 123_456_789.125, 2e16, 1e21, -2.5e-12,
                    Double.random(in: -1e6...1e6, using: &generator)
                ])
            }
            if generator.chance(0.2) { value.single = generator.pick([0.1, 3.25, 1e10, -7] as [Float]) }
            if generator.chance(0.5) { value.flag = generator.chance(0.5) }
            if generator.chance(0.4) {
                value.when = Date(timeIntervalSince1970: Double.random(in: -1e9...4e9, using: &generator).rounded() / 1)
                    .addingTimeInterval(generator.chance(0.5) ? 0.25 : 0)
            }
            if generator.chance(0.1) { value.address = URL(string: "https://example.com/a/\(text().count)?q=1") }
            if depth < 3 {
                value.list = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    random(&generator, depth: depth + 1)
                }
            }
            if generator.chance(0.5) {
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    value.table[text()] = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                        Int.random(in: -1000...1000, using: &generator)
                    }
                }
            }
            if generator.chance(0.3) { value.nothing = [] }
            if generator.chance(0.5) { value.explicitNull = .none }
            return value
        }
    }

    @Test(arguments: 0..<40) func randomValuesOfEveryShape(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        try Self.expectSame(Shapes.random(&generator), "seed \(seed)")
    }

    @Test func aNumberThatIsNotFiniteIsRefusedAsJSONEncoderRefusesIt() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try canonicalJSON(["n": number]) }
            #expect(throws: EncodingError.self) { try Self.reference(["n": number]) }
        }
    }

    @Test func aValueReadBackIsWrittenTheSame() throws {
        let text = #"{"a":[1,-2,0.5,true,null,"x\"y"],"b":{"c":{}},"d":[]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(String(decoding: value.text(), as: UTF8.self) == text)
    }
}
