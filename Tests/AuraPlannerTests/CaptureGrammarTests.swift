import Testing

@testable import AuraPlanner

/// Each rule of the capture grammar reads every one of its examples whole, and capture never
/// takes a clock time for a length or a length for a clock time.
struct CaptureGrammarTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let rule: String
        let text: String
        var testDescription: String { "\(rule): \(text)" }
    }

    static let examples = CaptureGrammar.rules.flatMap { rule in
        rule.examples.map { Example(rule: rule.name, text: $0) }
    }

    @Test func everyRuleHasANameAndExamples() {
        #expect(Set(CaptureGrammar.rules.map(\.name)).count == CaptureGrammar.rules.count)
        for rule in CaptureGrammar.rules { #expect(rule.examples.count >= 2, "\(rule.name)") }
    }

    @Test(arguments: examples)
    func theRuleReadsItsExampleWhole(_ example: Example) throws {
        let rule = try #require(CaptureGrammar.rules.first { $0.name == example.rule })
        let tokens = CaptureToken.tokenize(example.text[...])
        let reader = PhraseReader(
            tokens: tokens, today: LocalDate(year: 2026, month: 12, day: 2)!, now: ClockTime(hour: 16, minute: 20),
            settings: CaptureSettings())
        let match = try #require(try rule.read(reader, 0), "\(example.rule) does not read '\(example.text)'")
        #expect(match.length == tokens.count, "'\(example.text)' read \(match.length) of \(tokens.count) words")
    }

    /// Clock times in every written form stay times; lengths stay lengths.
    @Test(arguments: ["17h45", "17:45h", "1745h", "at 1745", "0945", "17.45", "5:45pm", "at 17h45", "17:45"])
    func aClockTimeIsNeverALength(_ written: String) throws {
        let item = try #require(
            try CaptureParser(today: LocalDate(year: 2026, month: 12, day: 2)!).parse("call Ana \(written)").first)
        #expect(item.minutes == nil && item.time != nil && item.title == "call Ana", "\(item)")
    }

    @Test(arguments: [
        ("2h30", 150), ("1h", 60), ("90m", 90), ("an hour and a half", 90), ("1½ hours", 90), ("45 mins", 45),
        ("20-30 min", 30), ("a couple of hours", 120)
    ])
    func aLengthIsNeverAClockTime(_ written: String, _ minutes: Int) throws {
        let item = try #require(
            try CaptureParser(today: LocalDate(year: 2026, month: 12, day: 2)!).parse("call Ana \(written)").first)
        #expect(item.time == nil && item.minutes == minutes && item.title == "call Ana", "\(item)")
    }

    @Test func dayAndMonthFollowTheSettings() throws {
        let today = LocalDate(year: 2026, month: 12, day: 2)!
        let british = try CaptureParser(today: today).parse("dentist 7/12")[0]
        let american = try CaptureParser(today: today, settings: CaptureSettings(locale: "en-US")).parse(
            "dentist 7/12")[0]
        let ordered = try CaptureParser(today: today, settings: CaptureSettings(locale: "en-US", dateOrder: .dmy))
            .parse("dentist 7/12")[0]
        #expect(british.date?.iso == "2026-12-07")
        #expect(american.date?.iso == "2027-07-12")
        #expect(ordered.date?.iso == "2026-12-07")
    }

    @Test func holidaysFollowTheRegionAndABirthdayIsReadOnlyWhenGiven() throws {
        let today = LocalDate(year: 2026, month: 12, day: 2)!
        let gb = try CaptureParser(today: today).parse("flowers for mum on mother's day")[0]
        let us = try CaptureParser(today: today, settings: CaptureSettings(locale: "en-US"))
            .parse("flowers for mum on mother's day")[0]
        #expect(gb.date?.iso == "2027-03-07" && us.date?.iso == "2027-05-09")
        let unknown = try CaptureParser(today: today).parse("cake for my birthday")[0]
        #expect(unknown.date == nil && unknown.title == "cake for my birthday")
        let known = try CaptureParser(today: today, settings: CaptureSettings(birthday: (month: 3, day: 14)))
            .parse("cake for my birthday")[0]
        #expect(known.date?.iso == "2027-03-14" && known.title == "cake")
    }
}
