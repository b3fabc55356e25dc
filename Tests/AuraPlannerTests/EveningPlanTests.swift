import Foundation
import Testing

@testable import AuraPlanner

/// Plan My Day after the day window: the evening until bedtime holds what fits an evening
/// (light work, what asked for tonight, what is fixed inside it), and the rest is planned
/// tomorrow, moved there as one change that Undo takes back.
struct EveningPlanTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let day = LocalDate(year: 2026, month: 12, day: 2)!
    static let settings = PlannerSettings(
        timeZone: london, window: MinuteSpan(start: 8 * 60 + 30, end: 18 * 60 + 30))

    static func at(_ time: String, on day: LocalDate = day) -> Date {
        day.date(minutes: ClockTime(time)!.minutes, in: london)
    }

    static func store(_ lines: [String], now: Date) throws -> TaskStore {
        var store = TaskStore()
        let parser = CaptureParser(today: day, now: settings.clock(of: now, on: day))
        for line in lines { store.capture(try parser.parse(line), on: day) }
        return store
    }

    static let lines = [
        "write the grant proposal introduction 90m", "pay the electricity bill", "watch a film tonight 45m",
        "call mum at 9pm", "run 5k this morning", "book the dentist friday"
    ]

    static func scheduled(_ plan: DayPlan) -> [String] { plan.blocks.flatMap(\.tasks).map(\.title) }

    @Test func theEveningRunsFromTheWindowsEndToBedtime() {
        #expect(Self.settings.evening(on: Self.day, now: Self.at("18:29")) == nil)
        #expect(
            Self.settings.evening(on: Self.day, now: Self.at("18:30"))
                == MinuteSpan(start: 18 * 60 + 30, end: 22 * 60 + 30))
        #expect(Self.settings.evening(on: Self.day.adding(days: 1), now: Self.at("20:00")) == nil)
        #expect(Self.settings.plannedDay(Self.day, now: Self.at("12:00")) == .day)
        #expect(Self.settings.plannedDay(Self.day, now: Self.at("20:00")) == .tonightAndTomorrow)
        #expect(Self.settings.plannedDay(Self.day, now: Self.at("22:30")) == .tomorrow)
        #expect(Self.settings.plannedDay(Self.day, now: nil) == .day)
        // A bedtime before the window's end means no evening at all.
        let early = PlannerSettings(timeZone: Self.london, window: MinuteSpan(start: 480, end: 1380), bedtime: 1320)
        #expect(early.evening(on: Self.day, now: Self.at("23:10")) == MinuteSpan(start: 1380, end: 1380))
    }

    @Test func theEveningHoldsLightWorkWhatAskedForTonightAndWhatIsFixedInIt() throws {
        let now = Self.at("19:00")
        let store = try Self.store(Self.lines, now: now)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: now)
        #expect(plan.isEvening)
        #expect(plan.window == MinuteSpan(start: 18 * 60 + 30, end: 22 * 60 + 30))
        #expect(Set(Self.scheduled(plan)) == ["pay the electricity bill", "watch a film", "call mum"])
        #expect(plan.blocks.allSatisfy { $0.span.start >= 19 * 60 && $0.span.end <= 22 * 60 + 30 })
        let mum = try #require(plan.blocks.first { $0.tasks[0].title == "call mum" })
        #expect(mum.isFixed && mum.span.start == 21 * 60)
        let later = Dictionary(uniqueKeysWithValues: plan.later.map { ($0.title, $0.reason) })
        #expect(later["write the grant proposal introduction"] == "for tomorrow: the day window closed at 18:30")
        #expect(later["run 5k"] == "for tomorrow: the day window closed at 18:30")
        // A line that names another day stays on it.
        #expect(later["book the dentist"] == nil)
        // During the window the same store plans a whole afternoon, not an evening.
        let afternoon = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: Self.at("13:00"))
        #expect(!afternoon.isEvening && afternoon.window == Self.settings.window)
    }

    @Test func whatAskedForTonightComesBeforeTheDaysLeftovers() throws {
        // An hour and a half of evening, 85% of it plannable, after the evening part of the day
        // (17:00–21:00) has ended: the film still fits, before all the errands.
        let now = Self.at("21:00")
        let errands = (1...8).map { "renew the permit number \($0) urgent 15m" }
        let store = try Self.store(errands + ["watch a film tonight 45m"], now: now)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: now)
        #expect(Self.scheduled(plan).contains("watch a film"))
    }

    /// Late in the evening, with room for little: a task whose deadline is today is kept tonight
    /// (tomorrow is too late), whatever its category, and goes first; today's errand comes
    /// before leisure that could wait.
    @Test func whatIsDueTonightComesBeforeWhatCouldWait() throws {
        let now = Self.at("21:00")
        let store = try Self.store(
            ["watch a documentary 45m", "tidy the desk 30m", "write the grant report by today 45m #deep"], now: now)
        let plan = DayPlanner(settings: Self.settings).plan(store, on: Self.day, now: now)
        #expect(plan.isEvening)
        #expect(Self.scheduled(plan) == ["write the grant report", "tidy the desk"])
        #expect(plan.blocks.first?.span.start == 21 * 60)
        #expect(plan.later.map(\.title) == ["watch a documentary"])
    }

    @Test func planningTomorrowMovesWhatTheEveningCannotHoldAsOneChange() throws {
        let now = Self.at("19:00")
        var store = try Self.store(Self.lines, now: now)
        let planner = DayPlanner(settings: Self.settings)
        let moved = planner.planTomorrow(&store, after: Self.day, now: now, calendar: nil, at: 5_000)
        let titles = moved.map { id in store.tasks.first { $0.id == id }!.title }
        #expect(Set(titles) == ["write the grant proposal introduction", "run 5k"])
        let tomorrow = Self.day.adding(days: 1)
        #expect(moved.allSatisfy { id in store.tasks.first { $0.id == id }!.date == tomorrow })
        let days = planner.planHorizon(store, from: Self.day, now: now, calendar: nil)
        #expect(Set(Self.scheduled(days[0])) == ["pay the electricity bill", "watch a film", "call mum"])
        #expect(days[0].later.isEmpty)
        #expect(Set(Self.scheduled(days[1])).isSuperset(of: ["write the grant proposal introduction", "run 5k"]))
        // One change: Undo puts them all back on today.
        let undone = store.undoLatest(at: 6_000)
        #expect(undone?.summary.hasPrefix("Pushed to \(tomorrow.iso): ") == true)
        #expect(moved.allSatisfy { id in store.tasks.first { $0.id == id }!.date == Self.day })
        // During the window nothing moves.
        var morning = try Self.store(Self.lines, now: Self.at("09:00"))
        #expect(planner.planTomorrow(&morning, after: Self.day, now: Self.at("09:00"), calendar: nil, at: 1).isEmpty)
    }

    @Test func pastBedtimeEveryOneOffTaskGoesToTomorrow() throws {
        let now = Self.at("23:15")
        var store = try Self.store(Self.lines + ["stretch every day 10m"], now: now)
        let planner = DayPlanner(settings: Self.settings)
        let moved = planner.planTomorrow(&store, after: Self.day, now: now, calendar: nil, at: 5_000)
        #expect(moved.count == 5)
        let today = planner.plan(store, on: Self.day, now: now)
        #expect(today.blocks.isEmpty)
        // A repeating task keeps its days: today's lapses, and says why without promising tomorrow.
        #expect(today.later.map(\.reason) == ["the day window closed at 18:30"])
    }

    /// Over many evenings, what the evening plan holds fits the evening and the rule, and
    /// nothing open today is left unplaced once tomorrow is planned.
    @Test func anyEveningKeepsItsRules() throws {
        let words = [
            "pay the bill", "write the report 90m", "watch a film tonight", "read a novel 45m", "call Sam at 8pm",
            "gym this morning", "tidy the desk 20m", "email Jo", "practise piano this evening 30m",
            "draft the talk 2h", "walk 30m"
        ]
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            let minute = Int.random(in: (18 * 60 + 30)..<(24 * 60), using: &generator)
            let now = Self.day.date(minutes: minute, in: Self.london)
            let lines = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }
            var store = try Self.store(lines, now: now)
            let planner = DayPlanner(settings: Self.settings)
            _ = planner.planTomorrow(&store, after: Self.day, now: now, calendar: nil, at: 1)
            let plan = planner.plan(store, on: Self.day, now: now)
            let evening = MinuteSpan(start: 18 * 60 + 30, end: 22 * 60 + 30)
            for block in plan.blocks {
                #expect(block.span.start >= (minute + 4) / 5 * 5 && block.span.end <= evening.end, "seed \(seed)")
            }
            for task in store.tasks where task.recurrence == nil && task.date == Self.day && !task.done {
                #expect(DayPlanner.fits(task, evening: evening, on: Self.day), "\(task.title) stayed on a closed day")
                #expect(Self.scheduled(plan).contains(task.title), "\(task.title) stayed today unplaced, seed \(seed)")
            }
        }
    }
}
