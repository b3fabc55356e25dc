import Foundation
import Testing

@testable import AuraPlanner

/// Edit, Move and Drop as a person makes them: words read again as capture reads them, fields
/// set outright, a later change to a field kept, and Undo that puts each back.
struct TaskEditTests {
    /// A Wednesday.
    static let day = TaskChangeTests.day

    @Test func newWordsAreReadAgainSoADayAndTimeInThemMoveTheTask() throws {
        var store = try TaskChangeTests.store("cal Sam 20m")
        #expect(try store.edit("t1", TaskEdit(words: "call Sam friday 3pm"), today: Self.day, at: 1_000) == .applied)
        let task = store.tasks[0]
        #expect(task.title == "call Sam" && task.input == "call Sam friday 3pm")
        #expect(task.date == LocalDate(year: 2026, month: 12, day: 4) && task.time == ClockTime(hour: 15, minute: 0))
        // Words that name no length keep the task's.
        #expect(task.minutes == 20)
        #expect(Set(task.changed.keys).isSuperset(of: ["title", "input", "date", "time"]))
        // Words that name no day leave it on its day; a length they name replaces the old one.
        #expect(
            try store.edit("t1", TaskEdit(words: "call Sam about the roof 45m"), today: Self.day, at: 2_000)
                == .applied)
        #expect(store.tasks[0].date == LocalDate(year: 2026, month: 12, day: 4) && store.tasks[0].time == nil)
        #expect(store.tasks[0].minutes == 45)
    }

    @Test func fieldsSetOutrightWinOverTheWords() throws {
        var store = try TaskChangeTests.store("write the report")
        let edit = TaskEdit(
            words: "write the report tomorrow 90m", date: LocalDate(year: 2026, month: 12, day: 7),
            time: ClockTime(hour: 9, minute: 30), minutes: 45, category: .admin)
        #expect(try store.edit("t1", edit, today: Self.day, at: 1) == .applied)
        let task = store.tasks[0]
        #expect(task.date == LocalDate(year: 2026, month: 12, day: 7) && task.time == ClockTime(hour: 9, minute: 30))
        #expect(task.minutes == 45 && task.category == .admin && task.categoryReason == "chosen by you")
    }

    @Test func aFieldChangedLaterKeepsItsValue() throws {
        var store = try TaskChangeTests.store("call Sam")
        #expect(try store.move(["t1"], to: Self.day.adding(days: 3), at: 5_000) == ["t1"])
        // An edit made before that move, arriving after it: its words apply, its day does not.
        #expect(try store.edit("t1", TaskEdit(words: "call Sam tomorrow"), today: Self.day, at: 4_000) == .applied)
        #expect(store.tasks[0].title == "call Sam" && store.tasks[0].input == "call Sam tomorrow")
        #expect(store.tasks[0].date == Self.day.adding(days: 3))
        #expect(try store.move(["t1"], to: Self.day, at: 3_000) == [])
        // An edit whose every change was made over later changes nothing, and says so.
        #expect(
            try store.edit("t1", TaskEdit(date: Self.day), today: Self.day, at: 3_000) == .refused(fields: ["date"]))
        #expect(
            try store.edit("t1", TaskEdit(date: Self.day.adding(days: 3)), today: Self.day, at: 6_000) == .unchanged)
        #expect(try store.drop(["t1"], at: 4_500) == [])
        #expect(store.tasks.count == 1)
    }

    @Test func wordsThatDoNotReadAsOneTaskChangeNothing() throws {
        var store = try TaskChangeTests.store("call Sam")
        let before = store
        #expect(throws: TaskStoreChangeError.self) {
            try store.edit("t1", TaskEdit(words: "🎙 memo: call Sam. Then buy milk."), today: Self.day, at: 1)
        }
        #expect(throws: TaskStoreChangeError.self) {
            try store.edit("t1", TaskEdit(words: "friday"), today: Self.day, at: 1)
        }
        #expect(throws: TaskStoreChangeError.self) {
            try store.edit("t1", TaskEdit(minutes: 0), today: Self.day, at: 1)
        }
        #expect(throws: TaskStoreChangeError.self) {
            try store.edit("t9", TaskEdit(words: "x"), today: Self.day, at: 1)
        }
        #expect(store == before)
    }

    @Test func anImpossibleTimeInTheWordsStaysInTheTitleAndSetsNoTime() throws {
        var store = try TaskChangeTests.store("call Sam 3pm")
        #expect(try store.edit("t1", TaskEdit(words: "call Sam 25:00"), today: Self.day, at: 1) == .applied)
        #expect(store.tasks[0].title == "call Sam 25:00")
        #expect(store.tasks[0].time == nil)
    }

    @Test func aRepeatingTaskIsNotMovedAndNeitherIsAnythingElse() throws {
        var store = try TaskChangeTests.store("call Sam", "stretch every weekday")
        let before = store
        #expect(throws: TaskStoreChangeError.self) {
            try store.move(["t1", "t2"], to: Self.day.adding(days: 1), at: 1)
        }
        #expect(store == before)
    }

    @Test func undoBringsADroppedTaskBackInItsPlaceAndAnEditBack() throws {
        var store = try TaskChangeTests.store("call Sam", "pay rent", "buy milk")
        let untouched = store.tasks
        #expect(try store.edit("t1", TaskEdit(words: "call Sam at 4pm"), today: Self.day, at: 1) == .applied)
        #expect(try store.drop(["t2"], at: 2) == ["t2"])
        #expect(store.tasks.map(\.id) == ["t1", "t3"])
        #expect(store.undoLatest(at: 3)?.summary == "Removed “pay rent”")
        #expect(store.tasks.map(\.id) == ["t1", "t2", "t3"])
        #expect(store.undoLatest(at: 4)?.summary == "Edited “call Sam”")
        #expect(store.tasks.map(\.title) == untouched.map(\.title))
        #expect(store.tasks.map(\.time) == untouched.map(\.time))
    }
}
