import Foundation
import Testing

@testable import AuraPlanner

struct TaskStoreTests {
    static let day = LocalDate(year: 2026, month: 12, day: 2)!

    static func sampleStore() -> TaskStore {
        var store = TaskStore()
        _ = store.add { id in
            StoredTask(
                id: id, title: "write the grant intro", input: "write the grant intro 90m", kind: .task,
                category: .deepWork, categoryReason: "mentions “write”", createdOn: day, date: day,
                minutes: 90, rolledForward: 2, snoozedUntil: Date(timeIntervalSince1970: 1_796_200_000))
        }
        _ = store.add { id in
            StoredTask(
                id: id, title: "run 5k", input: "run 5k every day", kind: .task, category: .health,
                categoryReason: "mentions “run”", createdOn: day, date: nil, time: ClockTime(hour: 7, minute: 30),
                recurrence: .weekly([.monday, .thursday]), doneOccurrences: [day])
        }
        _ = store.add { id in
            StoredTask(
                id: id, title: "a podcast about lighthouses", input: "💡 a podcast about lighthouses", kind: .idea,
                category: .culture, categoryReason: "mentions “podcast”", createdOn: day, date: nil, done: true)
        }
        return store
    }

    @Test func roundTripKeepsEveryFieldAndTheSameBytes() throws {
        let store = Self.sampleStore()
        let data = store.encoded()
        let decoded = try TaskStore.decode(data)
        #expect(decoded == store)
        #expect(decoded.encoded() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : \(TaskStore.currentVersion)"))
        #expect(text.contains("\"rrule\" : \"FREQ=WEEKLY;BYDAY=MO,TH\""))
        #expect(text.contains("\"snoozedUntil\" : \"2026-12-02T08:26:40Z\""))
    }

    /// A version 1 file: tasks with only id, title, date, time, minutes, rrule and done.
    static let versionOne = """
        {
          "version": 1,
          "tasks": [
            {"id": "t1", "title": "pay the gas bill", "date": "2026-12-01", "done": false},
            {"id": "t7", "title": "stretch", "rrule": "FREQ=DAILY", "time": "07:15", "minutes": 10, "done": false},
            {"id": "t3", "title": "draft chapter two", "done": true}
          ]
        }
        """

    @Test func anOlderVersionLoadsWithDefaultsForNewerFields() throws {
        let store = try TaskStore.decode(Data(Self.versionOne.utf8))
        #expect(store.tasks.map(\.id) == ["t1", "t7", "t3"])
        #expect(store.nextNumber == 8)
        let bill = store.tasks[0]
        #expect(
            bill.kind == .task && bill.input == "pay the gas bill" && bill.rolledForward == 0 && bill.createdOn == nil)
        #expect(bill.category == .admin)
        #expect(bill.categoryReason == "mentions “pay” and “bill”")
        let stretch = store.tasks[1]
        #expect(stretch.recurrence == .daily && stretch.time == ClockTime(hour: 7, minute: 15) && stretch.minutes == 10)
        #expect(stretch.category == .health && stretch.doneOccurrences.isEmpty && stretch.snoozedUntil == nil)
        #expect(store.tasks[2].done)
        // Written back, it is a current-version file.
        #expect(String(decoding: store.encoded(), as: UTF8.self).contains("\"version\" : \(TaskStore.currentVersion)"))
    }

    @Test(arguments: [
        // A missing comma between two members.
        (
            "{\n  \"version\": 2,\n  \"tasks\": [\n    {\"id\": \"t1\" \"title\": \"x\"}\n  ]\n}", 4, 17,
            "expected ',' or '}' after the value of \"id\""
        ),
        // Cut off in the middle.
        (
            "{\n  \"version\": 2,\n  \"tasks\": [\n    {\"id\": \"t1\", \"title\": \"x\"", 4, 30,
            "unexpected end of file; expected ',' or '}'"
        ),
        ("", 1, 1, "unexpected end of file"),
        ("{\"version\": 2, \"tasks\": []} trailing", 1, 29, "unexpected text after the end"),
        // Well-formed JSON with a wrong value: the position of that value.
        (
            "{\n  \"version\": 2,\n  \"tasks\": [\n    {\"id\": \"t1\", \"title\": \"x\",\n     \"minutes\": \"ten\"}\n  ]\n}",
            5, 17, "tasks[0].minutes: expected a whole number"
        ),
        (
            "{\"version\": 2, \"tasks\": [{\"id\": \"t1\", \"title\": \"x\", \"date\": \"2026-13-40\"}]}", 1, 61,
            "'2026-13-40' is not a date"
        ),
        ("{\"version\": 2, \"tasks\": [{\"title\": \"x\"}]}", 1, 26, "tasks[0]: missing \"id\""),
        ("{\"version\": 9, \"tasks\": []}", 1, 13, "written by a newer Aura (store version 9)"),
        (
            "{\"version\": 2, \"tasks\": [{\"id\": \"t1\", \"title\": \"x\", \"minutes\": 0}]}", 1, 64,
            "0 is not a duration"
        )
    ])
    func aCorruptStoreIsAnErrorWithItsPosition(text: String, line: Int, column: Int, message: String) {
        #expect {
            try TaskStore.decode(Data(text.utf8))
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
        }
    }

    @Test func idsAreNeverReusedAndAcceptTheBareNumber() {
        var store = Self.sampleStore()
        store.tasks.removeAll { $0.id == "t3" }
        let id = store.add {
            StoredTask(
                id: $0, title: "new", input: "new", kind: .task, category: .admin, categoryReason: "", createdOn: nil,
                date: nil)
        }
        #expect(id == "t4")
        #expect(store.index(of: "2") == 1)
        #expect(store.index(of: "t2") == 1)
        #expect(store.index(of: "t99") == nil)
    }

    @Test func unfinishedTasksRollForwardAndPushMovesTodaysToTomorrow() throws {
        var store = TaskStore()
        let yesterday = Self.day.adding(days: -1)
        let parser = CaptureParser(today: yesterday)
        store.capture(
            try parser.parse("email the landlord") + parser.parse("run 5k every day")
                + parser.parse("💡 a lighthouse podcast")
                + parser.parse("pay rent dec 10"), on: yesterday)
        try store.markDone("t1", on: yesterday)
        store.capture(try parser.parse("call Sam"), on: yesterday)

        store.rollForward(to: Self.day)
        let byTitle = Dictionary(uniqueKeysWithValues: store.tasks.map { ($0.title, $0) })
        #expect(byTitle["email the landlord"]?.date == yesterday)  // done: stays
        #expect(byTitle["call Sam"]?.date == Self.day && byTitle["call Sam"]?.rolledForward == 1)
        #expect(byTitle["run 5k"]?.date == nil && byTitle["run 5k"]?.isDue(on: Self.day) == true)
        #expect(byTitle["a lighthouse podcast"]?.date == nil)
        #expect(byTitle["pay rent"]?.date == LocalDate(year: 2026, month: 12, day: 10))

        #expect(store.pushUnfinished(from: Self.day) == ["t5"])
        #expect(store.tasks[4].date == Self.day.adding(days: 1) && store.tasks[4].rolledForward == 2)
    }

    @Test func doneMarksARecurringTaskForOneDayOnly() throws {
        var store = TaskStore()
        store.capture(try CaptureParser(today: Self.day).parse("stretch every weekday"), on: Self.day)
        try store.markDone("t1", on: Self.day)
        #expect(!store.tasks[0].isOpen(on: Self.day))
        #expect(store.tasks[0].isOpen(on: Self.day.adding(days: 1)))
        #expect(throws: TaskStoreChangeError.self) { try store.markDone("t9", on: Self.day) }
    }

    @Test func undoTakesBackADoneAndASnooze() throws {
        var store = TaskStore()
        store.capture(
            try CaptureParser(today: Self.day).parse("stretch every weekday")
                + CaptureParser(today: Self.day).parse("call Sam"), on: Self.day)
        let untouched = store
        try store.markDone("t1", on: Self.day)
        try store.markDone("t1", on: Self.day.adding(days: 1))
        try store.markDone("t2", on: Self.day)
        try store.snooze("t2", until: Date(timeIntervalSince1970: 1_796_200_000))
        try store.markNotDone("t1", on: Self.day)
        #expect(store.tasks[0].isOpen(on: Self.day) && !store.tasks[0].isOpen(on: Self.day.adding(days: 1)))
        try store.markNotDone("t1", on: Self.day.adding(days: 1))
        try store.markNotDone("t2", on: Self.day)
        try store.unsnooze("t2")
        #expect(store == untouched)
        #expect(throws: TaskStoreChangeError.self) { try store.markNotDone("t9", on: Self.day) }
        #expect(throws: TaskStoreChangeError.self) { try store.unsnooze("t9") }
    }
}
