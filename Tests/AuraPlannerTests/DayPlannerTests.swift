import Foundation
import Testing

@testable import AuraPlanner

struct DayPlannerTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let day = LocalDate(year: 2026, month: 12, day: 2)!
    static let settings = PlannerSettings(timeZone: london, window: MinuteSpan(start: 8 * 60 + 30, end: 18 * 60 + 30))

    struct Meetings: BusyCalendar {
        let spans: [(String, String, String)]
        func busyIntervals(from start: Date, to end: Date) -> [BusyInterval] {
            spans.map { title, from, to in
                BusyInterval(
                    start: DayPlannerTests.day.date(minutes: ClockTime(from)!.minutes, in: DayPlannerTests.london),
                    end: DayPlannerTests.day.date(minutes: ClockTime(to)!.minutes, in: DayPlannerTests.london),
                    title: title)
            }
        }
    }

    static let standupAndReview = Meetings(spans: [
        ("Team standup", "09:30", "09:45"), ("Design review", "14:00", "15:00")
    ])

    static func store(_ lines: [String], on day: LocalDate = day) throws -> TaskStore {
        var store = TaskStore()
        let parser = CaptureParser(today: day)
        for line in lines { store.capture(try parser.parse(line), on: day) }
        return store
    }

    static func block(_ plan: DayPlan, holding title: String) -> DayPlan.Block? {
        plan.blocks.first { $0.tasks.contains { $0.title == title } }
    }

    @Test func aDayAroundMeetings() throws {
        let store = try Self.store([
            "write the grant proposal introduction 90m", "review Jonas's pull request 45m",
            "outline the conference talk 1h",
            "email the landlord", "pay the electricity bill", "renew car insurance",
            "physio appointment at 11:30 45m", "run 5k 30m", "read 30 pages of Middlemarch 45m"
        ])
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, calendar: Self.standupAndReview)
        // The 90-minute draft takes the first stretch that holds it: after the standup and a buffer.
        let draft = try #require(Self.block(plan, holding: "write the grant proposal introduction"))
        #expect(draft.span == MinuteSpan(start: 9 * 60 + 50, end: 11 * 60 + 20) && draft.tasks.count == 1)
        // The other two deep tasks are batched into one block after the review, back to back.
        let batch = try #require(Self.block(plan, holding: "review Jonas's pull request"))
        #expect(batch.tasks.map(\.title) == ["review Jonas's pull request", "outline the conference talk"])
        #expect(batch.span == MinuteSpan(start: 15 * 60 + 5, end: 16 * 60 + 50))
        #expect(batch.focusMode == .doNotDisturb)
        // The appointment keeps its time; the run goes near midday; the novel closes the day.
        let physio = try #require(Self.block(plan, holding: "physio appointment"))
        #expect(
            physio.isFixed && physio.span == MinuteSpan(start: 11 * 60 + 30, end: 12 * 60 + 15)
                && physio.focusMode == .fitness)
        let run = try #require(Self.block(plan, holding: "run 5k"))
        #expect(abs(run.span.start - (12 * 60 + 30)) <= 30)
        let reading = try #require(Self.block(plan, holding: "read 30 pages of Middlemarch"))
        #expect(reading.span.end == 18 * 60 + 30 && reading.focusMode == .reading)
        // Three ten-minute errands make one 30-minute admin window.
        let admin = plan.blocks.filter { $0.category == .admin }
        #expect(admin.count == 1 && admin[0].span.length == 30 && admin[0].tasks.count == 3)
        #expect(plan.capacityMinutes == 10 * 60 - 15 - 60)
        #expect(plan.loadMinutes == 90 + 45 + 60 + 30 + 45 + 30 + 45)
        #expect(plan.later.isEmpty)
        #expect(plan.busy.map(\.title) == ["Team standup", "Design review"])
    }

    @Test func whatDoesNotFitGoesToLaterWithItsReason() throws {
        let store = try Self.store([
            "file the tax return 45m", "write the book proposal 5h", "💡 a lighthouse podcast"
        ])
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, calendar: Self.standupAndReview)
        let reasons = Dictionary(uniqueKeysWithValues: plan.later.map { ($0.title, $0.reason) })
        #expect(
            reasons["file the tax return"]
                == "longer than an admin window (30\u{00A0}min): split it, or tag it #deep for a focus block")
        #expect(
            reasons["write the book proposal"]
                == "needs 5\u{00A0}h uninterrupted; the longest free stretch left is 4\u{00A0}h\u{00A0}5\u{00A0}min")
        #expect(reasons["a lighthouse podcast"] == "an idea: kept, not scheduled until it has a date")
        #expect(plan.blocks.isEmpty)
    }

    /// An appointment is kept at its time: before or after the day window (which bounds only the
    /// flexible work), and beside a calendar event or another appointment, with the clash named
    /// and the first free stretch that holds it; only a time passed or past midnight goes to Later.
    @Test func appointmentsAreKeptOutsideTheWindowAndBesideWhatElseIsThere() throws {
        let store = try Self.store([
            "gym at 7am 45m", "sync with Ana at 14:30 30m", "dinner at 8pm", "call the bank at 8pm 15m",
            "night shift at 11pm 3h", "write the report 2h"
        ])
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, calendar: Self.standupAndReview)
        let gym = try #require(Self.block(plan, holding: "gym"))
        #expect(gym.isFixed && gym.span == MinuteSpan(start: 7 * 60, end: 7 * 60 + 45) && gym.conflict == nil)
        #expect(plan.notifications.contains { $0.blockId == gym.id && $0.fireDate == plan.instant(7 * 60) })
        // The day's nudge comes before its first appointment, not at the window's opening.
        #expect(plan.nudge.fireDate == plan.instant(6 * 60 + 45))
        let sync = try #require(Self.block(plan, holding: "sync with Ana"))
        #expect(sync.span == MinuteSpan(start: 14 * 60 + 30, end: 15 * 60))
        #expect(sync.conflict?.with == "“Design review” (14:00–15:00) in your calendar")
        // The first free stretch after its time that holds it: after the review and a buffer.
        #expect(sync.conflict?.freeAt == 15 * 60 + 5)
        let dinner = try #require(Self.block(plan, holding: "dinner"))
        #expect(dinner.span.start == 20 * 60 && dinner.conflict == nil)
        let bank = try #require(Self.block(plan, holding: "call the bank"))
        #expect(bank.conflict?.with == "“dinner” at 20:00")
        #expect(plan.later.map(\.title) == ["night shift"])
        #expect(plan.later.first?.reason == "23:00–02:00 runs past midnight; give it a shorter length")
        // Flexible work stays inside the window and clear of them all.
        let report = try #require(Self.block(plan, holding: "write the report"))
        #expect(report.span.start >= Self.settings.window.start && report.span.end <= Self.settings.window.end)
        #expect(!report.span.overlaps(sync.span))
        #expect(plan.loadMinutes <= plan.capacityMinutes)
    }

    @Test func theDayIsNeverFilledPastItsLoadLimit() throws {
        let store = try Self.store((1...12).map { "draft section \($0) of the report 1h" })
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day)
        #expect(plan.capacityMinutes == 600)
        #expect(plan.loadMinutes == 480)  // 85 % of 600 is 510: eight hours fit, a ninth would not
        #expect(plan.later.count == 4)
        #expect(
            plan.later.allSatisfy {
                $0.reason.hasPrefix("would overcommit the day: 8\u{00A0}h already planned of 10\u{00A0}h free")
            })
        #expect(plan.blocks.allSatisfy { $0.span.length == 120 && $0.tasks.count == 2 })
    }

    @Test func planningTodayStartsFromNow() throws {
        let store = try Self.store(["standup prep at 9am", "write the memo 1h", "call the bank"])
        let now = Self.day.date(minutes: 13 * 60 + 7, in: Self.london)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: now)
        #expect(plan.blocks.allSatisfy { $0.span.start >= 13 * 60 + 10 })
        #expect(plan.later.map(\.reason) == ["its time (09:00) has already passed"])
        #expect(plan.capacityMinutes == 18 * 60 + 30 - (13 * 60 + 10))
    }

    /// Free work starts on the five minutes after now, but a time still to come is kept: at
    /// 13:07, a call fixed at 13:08 is at 13:08, and one fixed at 13:07 (this minute) too.
    @Test func aFixedTimeBetweenNowAndTheNextFiveMinutesIsKept() throws {
        let store = try Self.store(["call the bank at 13:08 1m", "call the dentist at 13:07 1m", "write the memo 1h"])
        let now = Self.day.date(minutes: 13 * 60 + 7, in: Self.london).addingTimeInterval(30)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: now)
        #expect(plan.later.isEmpty, "\(plan.later.map(\.reason))")
        let starts = plan.blocks.map(\.span.start)
        #expect(starts.contains(13 * 60 + 8) && starts.contains(13 * 60 + 7))
        #expect(plan.blocks.filter { !$0.isFixed }.allSatisfy { $0.span.start >= 13 * 60 + 10 })
    }

    @Test func aSnoozedTaskWaitsItsTurn() throws {
        var store = try Self.store(["write the memo 1h", "call the bank"])
        try store.snooze("t1", until: Self.day.date(minutes: 15 * 60, in: Self.london))
        try store.snooze("t2", until: Self.day.date(minutes: 24 * 60 + 9 * 60, in: Self.london))
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day)
        #expect(Self.block(plan, holding: "write the memo")?.span.start == 15 * 60)
        #expect(plan.later.map(\.reason) == ["snoozed until 2026-12-03 09:00"])
    }

    @Test func confidenceIsHonestWhenTheTopTwoAreClose() throws {
        // Both deep work due today: 0.50 each, within 0.06.
        let close = try Self.store(["write the memo 1h", "draft the essay 1h"])
        let tied = DayPlanner(settings: Self.settings).plan(close, on: Self.day)
        #expect(!tied.confident)
        #expect(tied.topTasks.map(\.title) == ["write the memo", "draft the essay"])
        #expect(
            tied.nudge.body
                == "“write the memo” and “draft the essay” matter equally today; start with whichever you can finish first."
        )
        // "urgent" adds 0.25: one task stands out.
        let clear = try Self.store(["write the memo 1h", "urgent: draft the essay 1h"])
        let plan = DayPlanner(settings: Self.settings).plan(clear, on: Self.day)
        #expect(plan.confident)
        #expect(plan.nudge.title == "Today: Urgent: draft the essay")
        #expect(plan.nudge.body.hasPrefix("Start with “urgent: draft the essay” at 08:30"))
        #expect(plan.nudge.fireDate == Self.day.date(minutes: 8 * 60 + 15, in: Self.london))
    }

    @Test func longTitlesAreCutBetweenWordsWithAnEllipsis() {
        #expect(clipped("Email the landlord about the boiler", to: 40) == "Email the landlord about the boiler")
        #expect(
            clipped("📋 Admin: Email the landlord about the boiler", to: 40) == "📋 Admin: Email the landlord about the…")
        #expect(clipped("Reply to Priya, about the workshop", to: 16) == "Reply to Priya…")
        #expect(clipped("Reply to Priya about it", to: 15) == "Reply to Priya…")
        #expect(clipped("Supercalifragilistic", to: 10) == "Supercali…")
        for limit in 2...44 {
            #expect(clipped("📋 Admin: Email the landlord about the boiler", to: limit).count <= limit)
        }
    }

    @Test func notificationsFireAtEachBlockWithPriorityAndActions() throws {
        let store = try Self.store(["write the quarterly strategy memo for the board 90m", "run 5k 30m"])
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, calendar: Self.standupAndReview)
        let json = try #require(try JSONSerialization.jsonObject(with: plan.jsonData()) as? [String: Any])
        let notes = try #require(json["notifications"] as? [[String: Any]])
        #expect(notes.count == 2)
        let deep = notes[0]
        #expect(deep["fireDate"] as? String == "2026-12-02T09:50:00+00:00")
        #expect(deep["title"] as? String == "🧠 Deep work: Write the quarterly…")
        #expect(deep["interruptionLevel"] as? String == "time-sensitive")
        #expect(deep["actions"] as? [String] == ["done", "snooze-15"])
        #expect(deep["id"] as? String == "notify-2026-12-02-t1" && deep["blockId"] as? String == "2026-12-02-t1")
        #expect(
            deep["body"] as? String
                == "Start “write the quarterly strategy memo for the board” now. Do Not Disturb until 11:20.")
        #expect((deep["cue"] as? String)?.contains("before “run 5k” at") == true)
        #expect(notes[1]["interruptionLevel"] as? String == "active")
    }

    @Test func summerTimeTriggersCarryTheirOffset() throws {
        let summer = LocalDate(year: 2026, month: 7, day: 1)!
        let store = try Self.store(["stretch 10m"], on: summer)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: summer)
        #expect(isoTimestamp(plan.notifications[0].fireDate, in: Self.london) == "2026-07-01T12:30:00+01:00")
        #expect(
            isoTimestamp(plan.nudge.fireDate, in: TimeZone(identifier: "America/St_Johns")!)
                == "2026-07-01T04:45:00-02:30")
    }

    @Test func anEmptyDayIsSaidPlainly() {
        let plan = DayPlanner(settings: Self.settings).plan(TaskStore(), on: Self.day)
        #expect(plan.blocks.isEmpty && plan.later.isEmpty && plan.notifications.isEmpty && !plan.confident)
        #expect(plan.nudge.title == "Today is open" && plan.nudge.taskId == nil)
        #expect(plan.freeMinutes == 600)
    }

    @Test func recurringTasksAppearOnTheirDaysOnly() throws {
        let store = try Self.store(["bins out every monday", "standup notes every weekday", "stretch daily"])
        let planner = DayPlanner(settings: Self.settings)
        let titles = { (day: LocalDate) in Set(planner.plan(store, on: day).blocks.flatMap(\.tasks).map(\.title)) }
        #expect(titles(Self.day) == ["standup notes", "stretch"])  // Wednesday
        #expect(titles(LocalDate(year: 2026, month: 12, day: 7)!) == ["bins out", "standup notes", "stretch"])
        #expect(titles(LocalDate(year: 2026, month: 12, day: 6)!) == ["stretch"])  // Sunday
        #expect(titles(LocalDate(year: 2026, month: 12, day: 1)!) == [])  // before capture
    }
}
