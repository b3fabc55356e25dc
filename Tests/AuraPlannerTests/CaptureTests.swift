import Testing

@testable import AuraPlanner

/// Capture against a fixed reference day: Wednesday 2 December 2026.
struct CaptureTests {
    static let today = LocalDate(year: 2026, month: 12, day: 2)!

    struct Case: CustomTestStringConvertible, Sendable {
        let line: String
        let title: String
        var date: String?
        var time: String?
        var minutes: Int?
        var rrule: String?
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // Dates
        Case(line: "call Sam friday", title: "call Sam", date: "2026-12-04"),
        Case(line: "call Sam Friday", title: "call Sam", date: "2026-12-04"),
        Case(line: "pay rent tomorrow", title: "pay rent", date: "2026-12-03"),
        Case(line: "renew passport today", title: "renew passport", date: "2026-12-02"),
        Case(line: "book flights tmrw", title: "book flights", date: "2026-12-03"),
        Case(line: "water plants tonight", title: "water plants", date: "2026-12-02"),
        Case(line: "send invoice next tue", title: "send invoice", date: "2026-12-08"),
        Case(line: "send invoice tue", title: "send invoice", date: "2026-12-08"),
        Case(line: "team retro next friday", title: "team retro", date: "2026-12-11"),
        Case(line: "draft newsletter this friday", title: "draft newsletter", date: "2026-12-04"),
        Case(line: "clean desk this wednesday", title: "clean desk", date: "2026-12-02"),
        Case(line: "plan sprint wednesday", title: "plan sprint", date: "2026-12-09"),
        Case(line: "call mum on sat", title: "call mum", date: "2026-12-05"),
        Case(line: "sat exam revision", title: "sat exam revision"),
        Case(line: "sun salutations practice", title: "sun salutations practice"),
        Case(line: "return library books in 3 days", title: "return library books", date: "2026-12-05"),
        Case(line: "follow up with landlord in 2 weeks", title: "follow up with landlord", date: "2026-12-16"),
        Case(line: "check on seedlings in a week", title: "check on seedlings", date: "2026-12-09"),
        Case(line: "dentist dec 10", title: "dentist", date: "2026-12-10"),
        Case(line: "dentist on dec 10th", title: "dentist", date: "2026-12-10"),
        Case(line: "car MOT jan 5", title: "car MOT", date: "2027-01-05"),
        Case(line: "pay council tax dec 1", title: "pay council tax", date: "2027-12-01"),
        Case(line: "submit timesheet dec 2", title: "submit timesheet", date: "2026-12-02"),
        Case(line: "order cake 10 december", title: "order cake", date: "2026-12-10"),
        Case(line: "vet appointment 5th of january", title: "vet appointment", date: "2027-01-05"),
        Case(line: "wrap presents 2026-12-24", title: "wrap presents", date: "2026-12-24"),
        Case(line: "book venue march 3 2027", title: "book venue", date: "2027-03-03"),
        Case(line: "review budget next week", title: "review budget", date: "2026-12-07"),
        Case(line: "hike this weekend", title: "hike", date: "2026-12-05"),
        Case(line: "visit gran next weekend", title: "visit gran", date: "2026-12-12"),
        Case(line: "collect parcel day after tomorrow", title: "collect parcel", date: "2026-12-04"),
        Case(line: "file report by friday", title: "file report", date: "2026-12-04"),
        Case(line: "prep slides for monday", title: "prep slides for monday", date: "2026-12-06"),
        // Times
        Case(line: "call Sam friday at 3pm", title: "call Sam", date: "2026-12-04", time: "15:00"),
        Case(line: "standup prep 15:30", title: "standup prep", time: "15:30"),
        Case(line: "gym 9am", title: "gym", time: "09:00"),
        Case(line: "coffee with Ana at 9", title: "coffee with Ana", time: "09:00"),
        Case(line: "pick up kids at 3", title: "pick up kids", time: "15:00"),
        Case(line: "call bank at 3:30pm", title: "call bank", time: "15:30"),
        Case(line: "lunch with Jo at noon", title: "lunch with Jo", time: "12:00"),
        Case(line: "pharmacy 3 pm", title: "pharmacy", time: "15:00"),
        Case(line: "yoga 9.30am", title: "yoga", time: "09:30"),
        Case(line: "interview 2-3pm", title: "interview", time: "14:00", minutes: 60),
        Case(line: "workshop from 9 to 10:30", title: "workshop", time: "09:00", minutes: 90),
        Case(line: "read 3 to 5 chapters", title: "read 3 to 5 chapters"),
        Case(line: "dinner at 25 Baker Street", title: "dinner at 25 Baker Street"),
        // Durations
        Case(line: "write intro 45m", title: "write intro", minutes: 45),
        Case(line: "review contract 90 min", title: "review contract", minutes: 90),
        Case(line: "grant proposal 1h", title: "grant proposal", minutes: 60),
        Case(line: "deep dive on metrics 1.5h", title: "deep dive on metrics", minutes: 90),
        Case(line: "edit podcast 2 hours", title: "edit podcast", minutes: 120),
        Case(line: "refactor parser 1h30", title: "refactor parser", minutes: 90),
        Case(line: "outline talk 1h 30m", title: "outline talk", minutes: 90),
        Case(line: "tidy inbox for half an hour", title: "tidy inbox", minutes: 30),
        Case(line: "practice piano for an hour", title: "practice piano", minutes: 60),
        Case(line: "swim 400m", title: "swim 400m"),
        Case(line: "run 5k", title: "run 5k"),
        Case(line: "essay ~3 hours", title: "essay", minutes: 180),
        Case(line: "practice scales 10 more minutes", title: "practice scales", minutes: 10),
        Case(line: "power nap 1/2h", title: "power nap", minutes: 30),
        Case(line: "stretch 5 minutes after 6 reps", title: "stretch after 6 reps", minutes: 5),
        // Recurrence
        Case(line: "standup notes every weekday", title: "standup notes", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        Case(line: "bins out every monday", title: "bins out", rrule: "FREQ=WEEKLY;BYDAY=MO"),
        Case(line: "run 5k every day", title: "run 5k", rrule: "FREQ=DAILY"),
        Case(line: "meditate daily 10m", title: "meditate", minutes: 10, rrule: "FREQ=DAILY"),
        Case(
            line: "1:1 with Priya every tuesday at 11am", title: "1:1 with Priya", time: "11:00",
            rrule: "FREQ=WEEKLY;BYDAY=TU"),
        Case(line: "gym every mon, wed and fri", title: "gym", rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        Case(line: "piano lesson on thursdays", title: "piano lesson", rrule: "FREQ=WEEKLY;BYDAY=TH"),
        Case(line: "long walk every weekend", title: "long walk", rrule: "FREQ=WEEKLY;BYDAY=SA,SU"),
        // Words that only look like dates
        Case(line: "read Tomorrow and Tomorrow and Tomorrow", title: "read Tomorrow and Tomorrow and Tomorrow"),
        Case(line: "watch Friday Night Lights tonight", title: "watch Friday Night Lights", date: "2026-12-02"),
        Case(line: "watch His Girl Friday", title: "watch His Girl Friday"),
        Case(line: "read the Sunday Times", title: "read the Sunday Times"),
        Case(line: "prep the friday demo", title: "prep the friday demo"),
        Case(
            line: "book tickets for \"Sunday in the Park with George\" friday",
            title: "book tickets for \"Sunday in the Park with George\"", date: "2026-12-04"),
        Case(line: "read the report friday", title: "read the report", date: "2026-12-04"),
        Case(line: "review friday's notes", title: "review friday's notes"),
        Case(line: "may the best bid win", title: "may the best bid win"),
        // Punctuation and whatever is left alone
        Case(line: "call Sam friday, then email Jo", title: "call Sam, then email Jo", date: "2026-12-04"),
        Case(line: "Pay the electricity bill tomorrow!", title: "Pay the electricity bill!", date: "2026-12-03"),
        Case(line: "ring   the  plumber at 9am", title: "ring the plumber", time: "09:00")
    ]

    @Test(arguments: cases)
    func capturesDateTimeDurationAndRecurrence(_ testCase: Case) throws {
        let items = try CaptureParser(today: Self.today).parse(testCase.line)
        try #require(items.count == 1)
        let item = items[0]
        #expect(item.title == testCase.title)
        #expect(item.date?.iso == testCase.date)
        #expect(item.time?.description == testCase.time)
        #expect(item.minutes == testCase.minutes)
        #expect(item.recurrence?.rrule == testCase.rrule)
        #expect(item.kind == .task)
        #expect(item.input == testCase.line)
    }

    @Test func tableHoldsAtLeastSixtyCases() {
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: [
        ("#deep write chapter two", "write chapter two", Category.deepWork),
        ("call the bank #health", "call the bank", Category.health),
        ("sort receipts #admin 20m", "sort receipts", Category.admin),
        ("#culture plan the week", "plan the week", Category.culture)
    ])
    func tagsForceACategoryAndLeaveTheTitle(line: String, title: String, category: Category) throws {
        let item = try #require(try CaptureParser(today: Self.today).parse(line).first)
        #expect(item.title == title)
        #expect(item.categoryTag == category)
    }

    @Test func ideasAreMarkedAndKeepTheirText() throws {
        let parser = CaptureParser(today: Self.today)
        let idea = try #require(try parser.parse("💡 a podcast about lighthouses").first)
        #expect(idea.kind == .idea)
        #expect(idea.title == "a podcast about lighthouses")
        #expect(idea.date == nil)
        let dated = try #require(try parser.parse("idea: pitch the lighthouse podcast friday").first)
        #expect(dated.kind == .idea)
        #expect(dated.date == LocalDate(year: 2026, month: 12, day: 4))
    }

    /// The prefixes set the kind and leave the title clean, an emoji with its word as one.
    @Test(arguments: [
        ("💡 idea: a podcast about lighthouses", ItemKind.idea, "a podcast about lighthouses"),
        ("💡️idea:a podcast about lighthouses", .idea, "a podcast about lighthouses"),
        ("IDEA: a podcast about lighthouses", .idea, "a podcast about lighthouses"),
        ("🎙 memo: call Sam", .memo, "call Sam"),
        ("🎙️ Memo: call Sam", .memo, "call Sam"),
        ("MEMO: call Sam", .memo, "call Sam"),
        ("🎙 call Sam", .memo, "call Sam"),
        ("💡 memo: call Sam", .idea, "memo: call Sam"),
        ("memorise the poem", .task, "memorise the poem")
    ])
    func prefixesSetTheKindAndLeaveTheTitle(line: String, kind: ItemKind, title: String) throws {
        let item = try #require(try CaptureParser(today: Self.today).parse(line).first)
        #expect(item.kind == kind)
        #expect(item.title == title)
    }

    @Test func memoSplitsIntoItemsOnSentencesAndConnectors() throws {
        let line =
            "memo: so I need to email Priya the slides and then book the dentist. Also I should go for a run tomorrow at 7am"
        let items = try CaptureParser(today: Self.today).parse(line)
        #expect(items.map(\.title) == ["email Priya the slides", "book the dentist", "go for a run"])
        #expect(items.allSatisfy { $0.kind == .memo && $0.input == line })
        #expect(items[2].date == LocalDate(year: 2026, month: 12, day: 3))
        #expect(items[2].time == ClockTime(hour: 7, minute: 0))
        #expect(items[0].date == nil && items[1].date == nil)
    }

    @Test func memoWithMicrophoneEmojiAndVariationSelector() throws {
        let items = try CaptureParser(today: Self.today).parse(
            "🎙️ Call the vet about Milo at 10am. I also need to renew the car insurance friday")
        #expect(items.map(\.title) == ["Call the vet about Milo", "renew the car insurance"])
        #expect(items[0].time == ClockTime(hour: 10, minute: 0))
        #expect(items[1].date == LocalDate(year: 2026, month: 12, day: 4))
    }

    @Test func memoPieceWithOnlyATimeJoinsTheItemBefore() throws {
        let items = try CaptureParser(today: Self.today).parse("memo: call the plumber. Tomorrow at 9am.")
        #expect(items.map(\.title) == ["call the plumber"])
        #expect(items[0].date == LocalDate(year: 2026, month: 12, day: 3))
        #expect(items[0].time == ClockTime(hour: 9, minute: 0))
    }

    @Test func memoKeepsAbbreviatedTimesInOneSentence() throws {
        let items = try CaptureParser(today: Self.today).parse(
            "memo: pick up the suit at 4 p.m. tomorrow and then call Dad")
        #expect(items.map(\.title) == ["pick up the suit", "call Dad"])
        #expect(items[0].time == ClockTime(hour: 16, minute: 0))
        #expect(items[0].date == LocalDate(year: 2026, month: 12, day: 3))
    }

    @Test(arguments: [
        ("call Sam at 25:00", 10, "at 25:00", "is not a time of day"),
        ("meet Ana 13pm", 10, "13pm", "with am or pm the hour runs from 1 to 12"),
        ("standup 9:75", 9, "9:75", "minutes run from 00 to 59"),
        ("pay rent feb 30", 10, "feb 30", "there is no February 30 in 2027"),
        ("party 2026-13-01", 7, "2026-13-01", "is not a date"),
        ("nap 0m", 5, "0m", "not a usable duration"),
        ("movie marathon 30 hours", 16, "30 hours", "not a usable duration"),
        ("meeting 3pm-2pm", 9, "3pm-2pm", "ends before it starts"),
        ("renew passport on the 32nd", 16, "on the 32nd", "not a day of the month")
    ])
    func impossibleWhensStayInTheTitleWithAWarningAtTheirColumn(
        line: String, column: Int, text: String, reason: String
    ) throws {
        let items = try CaptureParser(today: Self.today).parse(line)
        #expect(items.count == 1)
        #expect(items[0].title == line)
        #expect(items[0].date == nil && items[0].time == nil && items[0].minutes == nil)
        #expect(items[0].unread.count == 1)
        #expect(items[0].unread.first?.column == column)
        #expect(items[0].unread.first?.text == text)
        #expect(items[0].unread.first?.note.contains(reason) == true)
        #expect(items[0].unread.first?.note.hasSuffix("it stays in the title") == true)
    }

    @Test func anImpossibleWhenBesideAReadOneLeavesTheReadOneSet() throws {
        let item = try #require(CaptureParser(today: Self.today).parse("dentist friday at 25:00").first)
        #expect(item.title == "dentist at 25:00")
        #expect(item.date == LocalDate(year: 2026, month: 12, day: 4))
        #expect(item.time == nil)
        #expect(item.unread.map(\.text) == ["at 25:00"])
    }

    @Test(arguments: [
        ("NYE party 10pm-1am", "party", 22 * 60, 120), ("late shift 10pm-2am", "late shift", 22 * 60, 120),
        ("night shift 19:30-08:00", "night shift", 19 * 60 + 30, 270), ("gig 9pm to 1am", "gig", 21 * 60, 180)
    ])
    func aRangePastMidnightIsPlannedFromItsStartUntilMidnightAndSaysSo(
        line: String, title: String, start: Int, minutes: Int
    ) throws {
        let item = try #require(CaptureParser(today: Self.today).parse(line).first)
        #expect(item.title == title)
        #expect(item.time?.minutes == start && item.minutes == minutes)
        #expect(item.choices.map(\.note).contains { $0.contains("runs past midnight") })
        #expect(item.unread.isEmpty)
    }

    /// Found by FuzzCapture: a length range past what an Int holds stopped the process.
    @Test func aLengthRangePastAnyIntegerIsNoLength() throws {
        let item = try #require(CaptureParser(today: Self.today).parse("read 461-0999999999999999999995h").first)
        #expect(item.minutes == nil && item.title == "read 461-0999999999999999999995h")
    }

    @Test(arguments: [
        ("take meds every 8 hours", "every 8 hours"), ("defrost the chicken 2 hrs before dinner", "2 hrs before"),
        ("start dinner 30 min before guests arrive", "30 min before")
    ])
    func aLengthThatSaysHowOftenOrHowLongBeforeIsNoLengthAndIsReported(line: String, unread: String) throws {
        let item = try #require(CaptureParser(today: Self.today).parse(line).first)
        #expect(item.title == line)
        #expect(item.minutes == nil && item.time == nil)
        #expect(item.unread.map(\.text) == [unread])
    }

    @Test func aLengthForTheTimeBeforeAMealIsALengthAndTheMealATime() throws {
        let item = try #require(CaptureParser(today: Self.today).parse("study for 2h before dinner").first)
        #expect(item.title == "study" && item.minutes == 120 && item.time == ClockTime(hour: 17, minute: 30))
    }

    @Test(arguments: ["call back 0207 946 0000", "ring 0800 123 4567"])
    func figuresInGroupsAreATelephoneNumberNotATime(line: String) throws {
        let item = try #require(CaptureParser(today: Self.today).parse(line).first)
        #expect(item.title == line && item.time == nil && item.unread.isEmpty)
    }

    @Test func aLineWithOnlyAWhenNamesNoTask() {
        #expect {
            try CaptureParser(today: Self.today).parse("tomorrow at 3pm")
        } throws: { error in
            guard let error = error as? CaptureError else { return false }
            return error.column == 1 && error.message.contains("names no task")
        }
    }

    @Test func durationWordsAlone() throws {
        let item = try #require(try CaptureParser(today: Self.today).parse("stretch 10 minutes").first)
        #expect(item.minutes == 10)
        #expect(item.title == "stretch")
    }
}
