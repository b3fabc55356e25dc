import Foundation
import Testing

@testable import AuraPlanner

/// Done, Snooze, Push and Undo as a person makes them: per task field the change made later
/// wins whichever arrives last, and each change can be taken back, latest first.
struct TaskChangeTests {
    static let day = LocalDate(year: 2026, month: 12, day: 2)!

    static func store(_ lines: String...) throws -> TaskStore {
        var store = TaskStore()
        let parser = CaptureParser(today: day)
        for line in lines { store.capture(try parser.parse(line), on: day) }
        return store
    }

    @Test func aChangeMadeEarlierThanTheLastOneToItsFieldLoses() throws {
        var store = try Self.store("call Sam")
        #expect(try store.apply(.done, to: ["t1"], on: Self.day, at: 2_000) == ["t1"])
        // Made offline before the Done, arriving after it: not applied, and no undo to keep.
        #expect(try store.apply(.notDone, to: ["t1"], on: Self.day, at: 1_000) == [])
        #expect(store.tasks[0].done)
        #expect(store.recentChanges.count == 1)
        // Another field is not held back by it.
        #expect(
            try store.apply(.snooze(until: Date(timeIntervalSince1970: 9)), to: ["1"], on: Self.day, at: 1_500) == [
                "t1"
            ])
        #expect(try store.apply(.notDone, to: ["t1"], on: Self.day, at: 3_000) == ["t1"])
        #expect(!store.tasks[0].done)
        #expect(store.tasks[0].changed == ["done": 3_000, "snoozedUntil": 1_500])
    }

    @Test func aRepeatingTasksOccurrencesAreFieldsOfTheirOwn() throws {
        var store = try Self.store("stretch every weekday")
        let tomorrow = Self.day.adding(days: 1)
        #expect(try store.apply(.done, to: ["t1"], on: Self.day, at: 5_000) == ["t1"])
        #expect(try store.apply(.done, to: ["t1"], on: tomorrow, at: 1_000) == ["t1"])
        #expect(store.tasks[0].changed == ["done@\(Self.day)": 5_000, "done@\(tomorrow)": 1_000])
    }

    @Test func anUnknownIdChangesNothing() throws {
        var store = try Self.store("call Sam", "pay rent")
        let before = store
        #expect(throws: TaskStoreChangeError.self) {
            try store.apply(.done, to: ["t1", "t9"], on: Self.day, at: 1)
        }
        #expect(store == before)
    }

    @Test func undoTakesBackTheLatestChangeFirst() throws {
        var store = try Self.store("call Sam", "pay rent")
        let untouched = store
        _ = try store.apply(.done, to: ["t1"], on: Self.day, at: 1_000)
        _ = try store.apply(.snooze(until: Date(timeIntervalSince1970: 7_200)), to: ["t2"], on: Self.day, at: 2_000)
        #expect(store.pushUnfinished(from: Self.day, at: 3_000) == ["t2"])
        #expect(
            store.recentChanges.map(\.summary) == [
                "Done “call Sam”", "Snoozed “pay rent”", "Pushed to 2026-12-03: “pay rent”"
            ])

        #expect(store.undoLatest(at: 4_000)?.summary == "Pushed to 2026-12-03: “pay rent”")
        #expect(store.tasks[1].date == Self.day && store.tasks[1].rolledForward == 0)
        #expect(store.tasks[1].snoozedUntil != nil)
        #expect(store.undoLatest(at: 5_000)?.summary == "Snoozed “pay rent”")
        #expect(store.undoLatest(at: 6_000)?.summary == "Done “call Sam”")
        #expect(store.undoLatest(at: 7_000) == nil)
        // As it was, but for the times of the fields put back: an older change to them still loses.
        let withoutTimes = store.tasks.map { task in
            var task = task
            task.changed = [:]
            return task
        }
        #expect(withoutTimes == untouched.tasks)
        #expect(store.tasks[0].changed == ["done": 6_000])
        #expect(store.tasks[1].changed == ["date": 4_000, "snoozedUntil": 5_000])
        #expect(try store.apply(.done, to: ["t1"], on: Self.day, at: 5_500) == [])
    }

    @Test func onlyTheLatestChangesAreKept() throws {
        var store = try Self.store("call Sam")
        for at in 1...(StoreChange.kept + 5) {
            _ = try store.apply(at.isMultiple(of: 2) ? .done : .notDone, to: ["t1"], on: Self.day, at: Int64(at))
        }
        #expect(store.recentChanges.count == StoreChange.kept)
        #expect(store.recentChanges.last?.at == Int64(StoreChange.kept + 5))
    }

    @Test func changeTimesAndUndoSurviveTheFileAndAVersion2FileLoadsWithout() throws {
        var store = try Self.store("call Sam")
        _ = try store.apply(.done, to: ["t1"], on: Self.day, at: 1_000)
        let decoded = try TaskStore.decode(store.encoded())
        #expect(decoded == store)
        #expect(decoded.encoded() == store.encoded())

        let version2 = """
            {"version": 2, "nextNumber": 2, "tasks": [{"id": "t1", "title": "call Sam", "date": "2026-12-02", "done": true}]}
            """
        var old = try TaskStore.decode(Data(version2.utf8))
        #expect(old.tasks[0].changed.isEmpty && old.recentChanges.isEmpty)
        #expect(try old.apply(.notDone, to: ["t1"], on: Self.day, at: 1) == ["t1"])
        let text = String(decoding: old.encoded(), as: UTF8.self)
        #expect(text.contains("\"version\" : 3") && text.contains("\"changed\" : {"))
    }
}
