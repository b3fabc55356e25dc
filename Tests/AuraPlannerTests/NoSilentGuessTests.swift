import Testing

@testable import AuraPlanner

/// Capture reads a number as a date or a time only with something that says so, keeps a day
/// that is the task's subject in its title, reads the clock as people say it, and spells out
/// text-speak — and what it leaves that looks like a when, it reports.
struct NoSilentGuessTests {
    static let today = LocalDate(year: 2026, month: 12, day: 2)!

    private func read(_ line: String) throws -> CapturedItem {
        try #require(try CaptureParser(today: Self.today).parse(line).first)
    }

    /// What stays in the title, as written, with no date or time read from it.
    @Test(arguments: [
        "take 1/2 pill", "add 3/4 cup of flour", "owe Kim 8.40", "pay the window cleaner 12.30",
        "gift for Ann's 30th", "plan our 40th party"
    ])
    func aNumberOrADayWithoutEvidenceStaysInTheTitle(_ line: String) throws {
        let item = try read(line)
        #expect(item.title == line && item.date == nil && item.time == nil, "\(item)")
    }

    /// Left in the title, a day or a clock-like amount is still reported, with its column.
    @Test func whatLooksLikeAWhenAndStaysIsReported() throws {
        #expect(try read("owe Kim 8.40").unread.map(\.description).first?.hasPrefix("9: '8.40'") == true)
    }

    /// A day the task is about is its title, read as such: nothing to report.
    @Test(arguments: ["email Bo about sunday", "email Bo about next sunday", "call re the friday demo"])
    func aDayThatIsTheSubjectIsTitleAndNotReported(_ line: String) throws {
        let item = try read(line)
        #expect(item.title == line && item.date == nil && item.unread.isEmpty, "\(item)")
    }

    /// A day a task is for is due the day before it, and stays in the title: `buy tickets for
    /// easter` is no errand for Easter Sunday. Title, due date.
    @Test(arguments: [
        ("buy tickets for easter", "2027-03-27"), ("prepare notes for tuesday's review 30m", "2026-12-07"),
        ("book a table for friday at 8", "2026-12-03"), ("send the cover work for tomorrow", "2026-12-02"),
        ("lesson plans for next week", "2026-12-06"), ("annual leave form for 21/12", "2026-12-20"),
        ("pack for the weekend", "2026-12-04"), ("map out the childcare plan for september", "2027-08-31"),
        ("fill in the housing form for next year", "2026-12-31"), ("gifts for christmas", "2026-12-24")
    ])
    func aDayTheTaskIsForIsADeadlineTheDayBefore(_ line: String, _ due: String) throws {
        let item = try read(line)
        let title = line.replacingOccurrences(of: " 30m", with: "")
        #expect(item.title == title && item.date?.iso == due && item.isDeadline && item.unread.isEmpty, "\(item)")
        #expect(item.choices.map(\.note).first?.hasPrefix("due the day before ") == true)
    }

    /// `for today` and `for tonight` leave no day before them: they are that day.
    @Test func aDayTheTaskIsForThatIsTodayIsToday() throws {
        let item = try read("pizza for tonight")
        #expect(item.date?.iso == "2026-12-02" && !item.isDeadline && item.title == "pizza")
    }

    /// An ordinal in figures before a noun counts things, after a preposition too; before a
    /// day's companions (`with`, the end of the line) it is the day.
    @Test func anOrdinalBeforeANounIsACount() throws {
        for line in ["fix the light on the 3rd floor", "study for the 18th edition exam"] {
            let item = try read(line)
            #expect(item.title == line && item.date == nil, "\(item)")
        }
        #expect(try read("dentist on the 3rd with Bo").date?.iso == "2026-12-03")
        #expect(try read("due the 31st tax return").date?.iso == "2026-12-31")
    }

    /// The same words with what says they are a when are read.
    @Test func withEvidenceTheyAreRead() throws {
        #expect(try read("dentist 3/4").date?.iso == "2027-04-03")
        #expect(try read("on 1/2 take the bins out").date?.iso == "2027-02-01")
        #expect(try read("call Kim at 8.40").time == ClockTime(hour: 8, minute: 40))
        #expect(try read("lunch with Frieda 12.30").time == ClockTime(hour: 12, minute: 30))
        #expect(try read("call Ann on the 30th").date?.iso == "2026-12-30")
    }

    @Test(arguments: [
        ("call mum at 15 o'clock", 15, 0), ("pay rent 10 minutes past 4pm", 16, 10),
        ("lunch a quarter to noon", 11, 45), ("five mins to 6 call Bo", 17, 55), ("run a quarter past 7am", 7, 15),
        ("check the oven twenty minutes to midnight", 23, 40)
    ])
    func theClockAsItIsSaid(_ line: String, _ hour: Int, _ minute: Int) throws {
        let item = try read(line)
        #expect(item.time == ClockTime(hour: hour, minute: minute), "\(item)")
        #expect(!item.title.contains("past") && !item.title.contains(" to ") && item.minutes == nil, "\(item)")
    }

    @Test func textSpeakIsReadAndTheTitleKeepsItsWords() throws {
        #expect(try read("review the deck nxt week").date?.iso == "2026-12-07")
        #expect(try read("gym 2day 6pm").date == Self.today)
        #expect(try read("call gran tmoro").date?.iso == "2026-12-03")
        let spelled = try read("swim b4 friday")
        #expect(spelled.date?.iso == "2026-12-04" && spelled.title == "swim")
    }

    /// A weekday's name or `tomorrow` one letter off is read as it and noted; words of their own
    /// that are one letter off a day stay.
    @Test(arguments: [
        ("dentist wendesday", "2026-12-09", "‘wendesday’ read as ‘wednesday’"),
        ("ring Al tusday", "2026-12-08", "‘tusday’ read as ‘tuesday’"),
        ("gym tomorrw", "2026-12-03", "‘tomorrw’ read as ‘tomorrow’"),
        ("Fridya call Bo", "2026-12-04", "‘Fridya’ read as ‘friday’")
    ])
    func aDayOneLetterOffIsReadAndNoted(_ line: String, _ date: String, _ note: String) throws {
        let item = try read(line)
        #expect(item.date?.iso == date && item.choices.map(\.note) == [note] && item.unread.isEmpty, "\(item)")
    }

    @Test func wordsOneLetterOffADayStay() throws {
        for line in ["buy a sundae", "sundry costs", "call Frida"] {
            let item = try read(line)
            #expect(item.title == line && item.date == nil && item.unread.isEmpty, "\(item)")
        }
    }

    /// A year beside a when read without it is reported, never silently dropped from the date; a
    /// year before a month and its day is theirs.
    @Test func aYearBesideAWhenReadWithoutItIsReported() throws {
        let item = try read("call Sam sunday 2028")
        #expect(item.unread.map(\.text) == ["2028"], "\(item)")
        let dated = try read("call Sam 2028 March 18")
        #expect(dated.date?.iso == "2028-03-18" && dated.title == "call Sam" && dated.unread.isEmpty, "\(dated)")
        #expect(try read("class of 2015 reunion friday").unread.isEmpty)
    }

    /// `wkend` alone at the end is this weekend; before a noun it names the noun.
    @Test func aWeekendAloneIsThisOne() throws {
        let hike = try read("hike wkend")
        #expect(hike.date?.iso == "2026-12-05" && hike.title == "hike")
        #expect(try read("weekend hike").date == nil)
        #expect(try read("tidy up meeting tmrrw").date?.iso == "2026-12-03")
    }

    /// Counted weekdays are one day, not a repeat; a range before its day is a time; a short
    /// length after a day stays a length; a bare evening range keeps both ends in the evening.
    @Test func countsRangesAndLengthsAroundADay() throws {
        let counted = try read("dentist 2 tuesdays from now")
        #expect(counted.date?.iso == "2026-12-15" && counted.recurrence == nil && counted.title == "dentist")
        let swim = try read("swim 6-7 saturday")
        #expect(swim.date?.iso == "2026-12-05" && swim.time == ClockTime(hour: 18, minute: 0) && swim.minutes == 60)
        #expect(swim.title == "swim")
        let deck = try read("finish the deck by thursday 3h")
        #expect(deck.date?.iso == "2026-12-03" && deck.time == nil && deck.minutes == 180, "\(deck)")
        let evening = try read("swim at 6-7")
        #expect(evening.time == ClockTime(hour: 18, minute: 0) && evening.minutes == 60, "\(evening)")
    }

    /// A weekday's place in every month is one repeat, never a monthly repeat on another day.
    @Test(arguments: [
        ("pay rent the last friday of every month", "FREQ=MONTHLY;BYDAY=-1FR", "pay rent"),
        ("the first monday of each month team sync", "FREQ=MONTHLY;BYDAY=1MO", "team sync"),
        ("book club every 2nd tuesday of the month", "FREQ=MONTHLY;BYDAY=2TU", "book club"),
        ("review every last friday of the month", "FREQ=MONTHLY;BYDAY=-1FR", "review"),
        ("water the orchid monthly on the third thursday", "FREQ=MONTHLY;BYDAY=3TH", "water the orchid")
    ])
    func aWeekdaysPlaceInEveryMonth(_ line: String, _ rrule: String, _ title: String) throws {
        let item = try read(line)
        #expect(item.recurrence?.rrule == rrule && item.title == title && item.unread.isEmpty, "\(item)")
    }

    /// The repeat falls on that weekday's place in each month, and reads back from its RRULE.
    @Test func theLastFridayOfEveryMonthFallsOnIt() throws {
        let recurrence = try #require(Recurrence(rrule: "FREQ=MONTHLY;BYDAY=-1FR"))
        let days = (0..<120).map { Self.today.adding(days: $0) }.filter { recurrence.occurs(on: $0) }.map(\.iso)
        #expect(days == ["2026-12-25", "2027-01-29", "2027-02-26", "2027-03-26"])
        #expect(Recurrence(rrule: "FREQ=MONTHLY;BYDAY=5MO") == nil)
        #expect(Recurrence(rrule: "FREQ=MONTHLY;BYDAY=0MO") == nil)
    }

    /// `at the latest` after a deadline leaves no glue in the title.
    @Test func atTheLatestLeavesNoGlue() throws {
        let latest = try read("submit the form by friday at the latest")
        #expect(latest.isDeadline && latest.date?.iso == "2026-12-04" && latest.title == "submit the form")
        let clock = try read("send the invoice by 5pm latest")
        #expect(clock.isDeadline && clock.time == ClockTime(hour: 17, minute: 0) && clock.title == "send the invoice")
    }
}
