import AuraPlanner
import AuraTestSupport
import Foundation
import Synchronization
import Testing

@testable import AuraUseCases

/// The task actions on a planner folder, as the CLI, cron and the server all call them: what
/// an id names, the change saved under the lock, and Undo that reaches back across callers.
@Suite struct TaskActionsTests {
    static let day = LocalDate(year: 2026, month: 12, day: 2)!

    private func folder(_ lines: String...) throws -> PlannerFolder {
        let content = try temporaryFolder().appendingPathComponent("Content")
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("planner"), withIntermediateDirectories: true)
        try Data(PlannerMorning.siteYAML.utf8).write(to: content.appendingPathComponent("site.yml"))
        var store = TaskStore()
        for line in lines { store.capture(try CaptureParser(today: Self.day).parse(line), on: Self.day) }
        let folder = PlannerFolder(content: content)
        try store.encoded().write(to: folder.store.url)
        return folder
    }

    @Test func doneIsSavedAndAnOlderChangeArrivingLateIsNot() throws {
        let folder = try folder("call Sam")
        let actions = TaskActions(planner: folder)
        let done = try actions.change(["t1"], .done, day: nil, today: Self.day, at: 2_000)
        #expect(done.applied == ["t1"] && done.tasks.map(\.done) == [true])
        let late = try actions.change(["1"], .notDone, day: nil, today: Self.day, at: 1_000)
        #expect(late.applied.isEmpty && late.tasks.map(\.done) == [true])
        #expect(try folder.read().tasks.tasks[0].done)
    }

    @Test func changesThatComeTogetherAreAllWrittenAndOneThatFailsIsItsOwn() throws {
        let names = (1...16).map { "task \($0)" }
        let folder = try folder(names[0], names[1], names[2], names[3], names[4], names[5], names[6], names[7])
        try folder.update { state in
            var store = state.tasks
            for name in names.dropFirst(8) {
                store.capture(try CaptureParser(today: Self.day).parse(name), on: Self.day)
            }
            state.store = store
        }
        let actions = TaskActions(planner: folder)
        let outcomes = Mutex<[Int: Result<[String], any Error>]>([:])
        // Every fifth asks for a task that does not exist: it fails alone.
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let id = index % 5 == 4 ? "t99" : "t\(index - index / 5 + 1)"
            let outcome = Result { try actions.change([id], .done, day: nil, today: Self.day, at: 1_000).applied }
            outcomes.withLock { $0[index] = outcome }
        }
        for (index, outcome) in outcomes.withLock({ $0 }) {
            if index % 5 == 4 {
                #expect(throws: TaskActions.UnknownTask.self) { try outcome.get() }
            } else {
                #expect(try outcome.get() == ["t\(index - index / 5 + 1)"])
            }
        }
        let written = try TaskStore.decode(Data(contentsOf: folder.store.url))
        #expect(written.tasks.filter(\.done).map(\.id).sorted() == (1...16).map { "t\($0)" }.sorted())
    }

    @Test func anIdThatNamesNothingChangesNothing() throws {
        let folder = try folder("call Sam")
        let before = try Data(contentsOf: folder.store.url)
        #expect(throws: TaskActions.UnknownTask.self) {
            try TaskActions(planner: folder).change(["t1", "t7"], .done, day: nil, today: Self.day, at: 1)
        }
        #expect(try Data(contentsOf: folder.store.url) == before)
    }

    @Test func undoTakesBackPushThenDoneAndThenSaysNothingIsLeft() throws {
        let folder = try folder("call Sam", "pay rent")
        let actions = TaskActions(planner: folder)
        _ = try actions.change(["t1"], .done, day: nil, today: Self.day, at: 1_000)
        #expect(try actions.push(from: Self.day, at: 2_000).map(\.id) == ["t2"])
        #expect(try folder.read().tasks.tasks[1].date == Self.day.adding(days: 1))

        #expect(
            try actions.undoLatest(at: 3_000, now: PlannerMorning.now)?.summary == "Pushed to 2026-12-03: “pay rent”"
        )
        #expect(try folder.read().tasks.tasks[1].date == Self.day)
        #expect(try actions.undoLatest(at: 4_000, now: PlannerMorning.now)?.summary == "Done “call Sam”")
        #expect(try folder.read().tasks.tasks[0].done == false)
        #expect(try actions.undoLatest(at: 5_000, now: PlannerMorning.now) == nil)
    }

    @Test func withoutAStoreThereIsNothingToPushOrUndo() throws {
        let folder = try folder()
        try FileManager.default.removeItem(at: folder.store.url)
        let actions = TaskActions(planner: folder)
        #expect(try actions.push(from: Self.day, at: 1).isEmpty)
        #expect(try actions.undoLatest(at: 1, now: PlannerMorning.now) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.store.url.path))
    }
}

extension TaskActionsTests {
    @Test func editMoveAndDropAreSavedAndUndoneLatestFirst() throws {
        let folder = try folder("call Sam", "pay rent", "buy milk")
        let actions = TaskActions(planner: folder)
        let edited = try actions.edit(
            "t1", TaskEdit(words: "call Sam friday"), today: Self.day, at: 1, now: PlannerMorning.now)
        #expect(edited.outcome == .applied && edited.task.date == LocalDate(year: 2026, month: 12, day: 4))
        let moved = try actions.move(
            ["t2"], to: Self.day.adding(days: 1), today: Self.day, at: 2, now: PlannerMorning.now)
        #expect(moved.map(\.id) == ["t2"])
        #expect(try actions.drop(["t3"], today: Self.day, at: 3, now: PlannerMorning.now).map(\.title) == ["buy milk"])
        #expect(try folder.read().tasks.tasks.map(\.id) == ["t1", "t2"])
        #expect(throws: TaskActions.UnknownTask.self) {
            try actions.drop(["t3"], today: Self.day, at: 4, now: PlannerMorning.now)
        }

        #expect(try actions.undoLatest(at: 5, now: PlannerMorning.now)?.summary == "Removed “buy milk”")
        #expect(try actions.undoLatest(at: 6, now: PlannerMorning.now)?.summary == "Moved to 2026-12-03: “pay rent”")
        #expect(try actions.undoLatest(at: 7, now: PlannerMorning.now)?.summary == "Edited “call Sam”")
        let store = try folder.read().tasks
        #expect(store.tasks.map(\.date) == [Self.day, Self.day, Self.day])
        #expect(store.tasks.map(\.input) == ["call Sam", "pay rent", "buy milk"])
    }

    /// A change re-plans the days it touched, and only those: a task moved to tomorrow leaves
    /// today's plan and joins tomorrow's; the other days keep their plans as they were.
    @Test func aMovePlansTheDaysItTouchedAgain() throws {
        let folder = try folder("call Sam 20m", "write the annual report 60m", "pay rent")
        try PlanMyDay(planner: folder).run(day: Self.day, from: nil, clock: PlannerMorning.now)
        let before = try #require(try folder.read().plan)
        func titles(_ plan: PlanSnapshot, _ offset: Int) -> Set<String> {
            Set(plan.days[offset].blocks.flatMap(\.tasks).map(\.title))
        }
        #expect(titles(before, 0).contains("write the annual report"))
        let actions = TaskActions(planner: folder)
        let report = try folder.read().tasks.tasks.first { $0.title == "write the annual report" }!.id
        _ = try actions.move([report], to: Self.day.adding(days: 1), today: Self.day, at: 1, now: PlannerMorning.now)
        let after = try #require(try folder.read().plan)
        #expect(!titles(after, 0).contains("write the annual report"))
        #expect(titles(after, 1).contains("write the annual report"))
        #expect(after.days[2...] == before.days[2...])
        // An edit of its words re-reads them: "friday" moves it again.
        _ = try actions.edit(
            report, TaskEdit(words: "write the annual report friday 60m"), today: Self.day, at: 2,
            now: PlannerMorning.now)
        let friday = try #require(try folder.read().plan)
        #expect(!titles(friday, 1).contains("write the annual report"))
        #expect(
            friday.days.contains {
                $0.date.weekday.name == "Friday"
                    && titles(friday, friday.days.firstIndex(of: $0)!).contains("write the annual report")
            })
        // Undo puts it back where it was, and so does its plan.
        _ = try actions.undoLatest(at: 3, now: PlannerMorning.now)
        _ = try actions.undoLatest(at: 4, now: PlannerMorning.now)
        #expect(titles(try #require(try folder.read().plan), 0).contains("write the annual report"))
        // Done changes no plan: the page marks the block.
        let planned = try Data(contentsOf: folder.snapshot)
        _ = try actions.change([report], .done, day: nil, today: Self.day, at: 5)
        #expect(try Data(contentsOf: folder.snapshot) == planned)
    }

    /// A task whose block has begun, given a later time: it leaves the begun block for that time.
    @Test func aBegunTaskGivenATimeGoesToIt() throws {
        let folder = try folder("write the annual report 60m")
        try PlanMyDay(planner: folder).run(day: Self.day, from: nil, clock: PlannerMorning.now)
        let report = try folder.read().tasks.tasks.first { $0.title == "write the annual report" }!.id
        let block = try #require(try folder.read().plan?.days[0].blocks.first { $0.tasks.contains { $0.id == report } })
        let settings = try folder.settings()
        let begun = Self.day.date(minutes: block.span.start + 10, in: settings.timeZone)
        _ = try TaskActions(planner: folder).edit(
            report, TaskEdit(time: ClockTime("16:15")), today: Self.day, at: 1, now: begun)
        let blocks = try #require(try folder.read().plan).days[0].blocks.filter {
            $0.tasks.contains { $0.id == report }
        }
        #expect(blocks.map(\.span.start) == [16 * 60 + 15])
    }
}
