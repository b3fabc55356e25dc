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

    /// Quarters and halves after a whole number, and minutes after hours without their unit.
    @Test(arguments: [
        ("stretch one and a quarter of an hour", 75), ("revise one and three quarters hours", 105),
        ("drive 2 and a quarter hours", 135), ("paint one hour and half", 90), ("edit 2 hours and three quarters", 165),
        ("nap 1 hour thirty", 90)
    ])
    func lengthsInQuartersAndHalves(_ line: String, _ minutes: Int) throws {
        let item = try #require(try CaptureParser(today: LocalDate(year: 2026, month: 12, day: 2)!).parse(line).first)
        #expect(item.minutes == minutes && item.title.split(separator: " ").count == 1, "\(item)")
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
        #expect(known.date?.iso == "2027-03-13" && known.isDeadline && known.title == "cake for my birthday")
    }

    /// Lines written by people who never read the rules, each once a misread (a clock time taken
    /// for a length, a day left in the title): title, date, time, minutes.
    @Test(
        arguments: [
            ("call Maman at 18h30", "call Maman", nil, "18:30", nil),
            ("french lesson to give, tuesday 17h, 1h30", "french lesson to give", "2026-12-08", "17:00", 90),
            ("dentist monday 9h during 45 minutes", "dentist", "2026-12-07", "09:00", 45),
            ("pitch deck v3 - Monday 10:30 - 1h30", "pitch deck v3", "2026-12-07", "10:30", 90),
            ("Sat 12/12: Jess's 30th 🎉", "Jess's 30th 🎉", "2026-12-12", nil, nil),
            ("Kindle: finish reading 11/22/63", "Kindle: finish reading 11/22/63", nil, nil, nil),
            ("co-op meeting wed week 8pm", "co-op meeting", "2026-12-16", "20:00", nil),
            ("vet for Biscuit a fortnight today 4.15", "vet for Biscuit", "2026-12-16", "16:15", nil),
            ("emma bday party sun 2-4", "emma bday party", "2026-12-06", "14:00", 120),
            ("website launch 18.12 @ 10", "website launch", "2026-12-18", "10:00", nil),
            ("Book tatkal ticket on 19-12-2026", "Book tatkal ticket", "2026-12-19", nil, nil),
            ("flight home 12/19 @ 6:45am", "flight home", "2026-12-19", "06:45", nil),
            ("tmrw after work pick up the dry cleaning", "pick up the dry cleaning", "2026-12-03", "17:30", nil),
            ("pick up prescription after school run", "pick up prescription after school run", nil, nil, nil),
            (
                "Book club at Margaret's, Thursday 10th December at 2.30pm", "Book club at Margaret's", "2026-12-10",
                "14:30", nil
            ),
            (
                "Hospital appointment 06/01/27 at 09:40 (allow 2 hours)", "Hospital appointment", "2027-01-06", "09:40",
                120
            ),
            ("car MOT due end of jan", "car MOT", "2027-01-31", nil, nil),
            ("NYE party at Tom's", "party at Tom's", "2026-12-31", nil, nil),
            ("call Bo mon 10 ish", "call Bo", "2026-12-07", "10:00", nil),
            ("gym every mon wed fri 6am", "gym", nil, "06:00", nil),
            ("call 0800 123 456 about the boiler", "call 0800 123 456 about the boiler", nil, nil, nil),
            ("school pickup 3:15 mon-fri", "school pickup", nil, "15:15", nil),
            ("tidy garage over xmas", "tidy garage", "2026-12-25", nil, nil),
            ("practice 5 mins of scales daily", "practice scales", nil, nil, 5),
            ("tournament in Barrie jan 15-17", "tournament in Barrie", "2027-01-15", nil, nil),
            ("jakes bday party sat 7-11", "jakes bday party", "2026-12-05", "19:00", 240),
            (
                "Winter wedding fair at the Hilton 16/1 11-4", "Winter wedding fair at the Hilton", "2027-01-16",
                "11:00", 300
            ),
            ("lottery engineer coming btwn 10-12 thurs", "lottery engineer coming", "2026-12-03", "10:00", 120),
            ("Ring Margaret re: golf after 10am tomorrow", "Ring Margaret re: golf", "2026-12-03", "10:00", nil),
            ("run experiment batch 4, takes ca. 3 h", "run experiment batch 4", nil, nil, 180),
            ("pay rent till the 3rd", "pay rent", "2026-12-03", nil, nil),
            ("first-foot ma maw at Hogmanay 🥃", "first-foot ma maw 🥃", "2026-12-31", nil, nil),
            ("study 9 to noon", "study", nil, "09:00", 180),
            ("party 8 to midnight", "party", nil, "20:00", 240),
            ("library noon to 2", "library", nil, "12:00", 120),
            ("night shift midnight to 6", "night shift", nil, "00:00", 360),
            ("NYE party 10pm-12am", "party", "2026-12-31", "22:00", 120)
        ] as [(String, String, String?, String?, Int?)])
    func readsWhatPeopleWrite(_ line: String, _ title: String, _ date: String?, _ time: String?, _ minutes: Int?) throws
    {
        let item = try #require(
            try CaptureParser(today: LocalDate(year: 2026, month: 12, day: 2)!, now: ClockTime(hour: 16, minute: 20))
                .parse(line).first)
        #expect(
            CaptureCorpusTests.normalized(item.title) == title && item.date?.iso == date
                && item.time?.description == time
                && item.minutes == minutes, "\(item)")
    }
}
