import Foundation
import Testing

@testable import AuraPlanner

/// A rough time (`lunchtime`, `after work`, `5ish`, `around 3pm`) is read as a preference and
/// planned near its time, never as an appointment; an exact time always wins over it.
struct ApproximateTimeTests {
    private func read(_ line: String) throws -> CapturedItem {
        try #require(try CaptureParser(today: DayPlannerTests.day).parse(line).first)
    }

    @Test(arguments: [
        ("lunchtime walk", 12 * 60 + 30), ("walk after work", 17 * 60 + 30), ("gym 5ish", 17 * 60),
        ("meet Jo 10 ish", 10 * 60), ("call mum around 3pm", 15 * 60), ("stretch before lunch", 11 * 60 + 30)
    ])
    func aRoughTimeIsReadAsOne(_ line: String, _ minutes: Int) throws {
        let item = try read(line)
        #expect(item.time?.minutes == minutes && item.timeIsApproximate, "\(item)")
    }

    @Test(arguments: ["call the bank at 3pm", "standup 9:15", "walk at 9 sharp", "dentist 14:00"])
    func anExactTimeIsNot(_ line: String) throws {
        let item = try read(line)
        #expect(item.time != nil && !item.timeIsApproximate, "\(item)")
    }

    /// `3 ish apples` is a count, not a time.
    @Test func aCountBeforeIshStaysInTheTitle() throws {
        let item = try read("buy 3 ish apples")
        #expect(item.time == nil && item.title == "buy 3 ish apples")
    }

    /// The issue's case: a rough lunchtime beside an exact 12:00 for 90 minutes. The exact one
    /// keeps its time; the walk goes as near 12:30 as the day allows, not to Later.
    @Test func anExactTimeWinsAndTheRoughOneMovesAside() throws {
        let store = try DayPlannerTests.store(["lunchtime walk", "team review 12:00 for 90 min"])
        #expect(store.tasks.map(\.timeIsApproximate) == [true, false])
        let plan = DayPlanner(settings: DayPlannerTests.settings).plan(store, on: DayPlannerTests.day)
        #expect(plan.later.isEmpty, "\(plan.later)")
        let review = try #require(DayPlannerTests.block(plan, holding: "team review"))
        let walk = try #require(DayPlannerTests.block(plan, holding: "walk"))
        #expect(review.span.start == 12 * 60 && review.isFixed)
        #expect(!walk.isFixed && !walk.span.overlaps(review.span))
        #expect(abs(walk.span.start - 12 * 60) <= 90, "as near lunchtime as the day allows: \(walk.span)")
    }

    /// With room, it lands at its time or within the hour either side, as a flexible block; a
    /// rough time outside the day window is still honoured (the person named it).
    @Test func withRoomItLandsNearItsTime() throws {
        let store = try DayPlannerTests.store(["lunchtime walk", "call mum after dinner 20m"])
        let plan = DayPlanner(settings: DayPlannerTests.settings).plan(store, on: DayPlannerTests.day)
        let walk = try #require(DayPlannerTests.block(plan, holding: "walk"))
        let call = try #require(DayPlannerTests.block(plan, holding: "call mum"))
        #expect(!walk.isFixed && abs(walk.span.start - (12 * 60 + 30)) <= 60)
        #expect(!call.isFixed && abs(call.span.start - (19 * 60 + 30)) <= 60)
    }

    /// A part of the day written in text-speak in the title is honoured as the word it stands
    /// for: `run morn` goes early, `read nite` late, as `morning run` and `read at night` do.
    @Test func aPartOfTheDayInTextSpeakIsHonoured() throws {
        let store = try DayPlannerTests.store(["run morn 30m #health", "read nite 30m #health", "stretch 30m #health"])
        let plan = DayPlanner(settings: DayPlannerTests.settings).plan(store, on: DayPlannerTests.day)
        let run = try #require(DayPlannerTests.block(plan, holding: "run morn"))
        let read = try #require(DayPlannerTests.block(plan, holding: "read nite"))
        let stretch = try #require(DayPlannerTests.block(plan, holding: "stretch"))
        #expect(run.span.start < stretch.span.start && stretch.span.start < read.span.start, "\(plan.blocks)")
    }

    /// Kept in the store as `"approx": true`, and only when it is; a later `--at` makes it exact.
    @Test func theStoreKeepsItAndAnExactTimeReplacesIt() throws {
        var store = try DayPlannerTests.store(["lunchtime walk", "call the bank at 3pm"])
        let walk = String(decoding: try JSONEncoder().encode(store.tasks[0]), as: UTF8.self)
        let call = String(decoding: try JSONEncoder().encode(store.tasks[1]), as: UTF8.self)
        #expect(walk.contains(#""approx":true"#) && !call.contains("approx"))
        #expect(try JSONDecoder().decode(StoredTask.self, from: Data(walk.utf8)).timeIsApproximate)
        _ = try store.edit(
            store.tasks[0].id, TaskEdit(time: ClockTime(hour: 13, minute: 0)), today: DayPlannerTests.day, at: 1)
        #expect(store.tasks[0].time == ClockTime(hour: 13, minute: 0) && !store.tasks[0].timeIsApproximate)
    }
}
