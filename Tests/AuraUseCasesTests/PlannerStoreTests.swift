import AuraPlanner
import AuraTestSupport
import Diagnostics
import Foundation
import Synchronization
import Testing

@testable import AuraPostgres
@testable import AuraUseCases

/// Every use case run against the `PlannerStore` seam alone — no test here opens a planner
/// file — once for each kind of store, so a store added beside the folder answers to the same
/// tests: each action at least once, and each way it can fail, changing nothing.
@Suite struct PlannerStoreTests {
    static let day = LocalDate(year: 2026, month: 12, day: 2)!
    static let now = PlannerMorning.now

    /// The kinds of store the use cases run over.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case folder, postgres

        var testDescription: String { rawValue }

        /// A new, empty planner of this kind, planned by `PlannerMorning.siteYAML`: in a folder of
        /// its own, or a new person's row in the test database.
        func make() throws -> any PlannerStore {
            let content = try temporaryFolder().appendingPathComponent("Content")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try Data(PlannerMorning.siteYAML.utf8).write(to: content.appendingPathComponent("site.yml"))
            switch self {
            case .folder:
                return PlannerFolder(content: content)
            case .postgres:
                let database = try TestDatabase.shared.get()
                return PostgresPlannerStore(
                    database: database, person: try TestDatabase.newPerson(in: database), content: content)
            }
        }

        /// The planner `store` is, as a second process sees it (a replica, another command):
        /// its own connections and nothing kept in memory in common.
        func secondWriter(of store: any PlannerStore) throws -> any PlannerStore {
            switch self {
            case .folder:
                // A folder's state in memory is the process's; its lock and files are shared
                // with the other process as here.
                return store
            case .postgres:
                let first = try #require(store as? PostgresPlannerStore)
                return PostgresPlannerStore(
                    database: try PostgresDatabase(""), person: first.person, content: first.content)
            }
        }
    }

    /// A planner holding `lines`, planned today.
    private func planned(_ kind: Kind, _ lines: String...) throws -> any PlannerStore {
        let planner = try kind.make()
        _ = try QuickCapture(planner: planner).capture(lines, today: Self.day) {}
        _ = try PlanMyDay(planner: planner).run(day: Self.day, from: nil, clock: Self.now)
        return planner
    }

    private func id(of title: String, in planner: any PlannerStore) throws -> String {
        try #require(try planner.read().tasks.tasks.first { $0.title == title }?.id)
    }

    // MARK: The store itself

    @Test(arguments: Kind.allCases) func aNewPlannerIsEmptyAndAReadChangesNothing(_ kind: Kind) throws {
        let planner = try kind.make()
        let first = try planner.read()
        #expect(first.plan == nil && first.store == nil && first.inbox == nil && first.calendar == nil)
        #expect(first.changed.isEmpty)
        #expect(try planner.read().generation == first.generation, "a read is not a change")
    }

    @Test(arguments: Kind.allCases) func aChangeIsKeptAsANewGenerationAndOnlyWhatItSet(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m")
        let before = try planner.read()
        try planner.update { state in state.inbox = "- pay rent\n" }
        let after = try planner.read()
        #expect(after.generation > before.generation)
        #expect(after.inbox == "- pay rent\n")
        #expect(after.plan == before.plan && after.store == before.store)
    }

    @Test(arguments: Kind.allCases) func aChangeThatThrowsKeepsNothing(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m")
        let before = try planner.read()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try planner.update { state in
                state.inbox = "- lost\n"
                state.store = TaskStore()
                throw Refused()
            }
        }
        let after = try planner.read()
        #expect(after.inbox == before.inbox && after.store == before.store && after.generation == before.generation)
    }

    /// Two writers changing one person's day at the same moment: each change is kept, none
    /// lost to the other's (the folder's lock, the row's lock).
    @Test(arguments: Kind.allCases) func twoWritersAtOnceKeepEveryChange(_ kind: Kind) throws {
        let titles = (1...12).map { "task \($0) 10m" }
        let first = try kind.make()
        _ = try QuickCapture(planner: first).capture(titles, today: Self.day) {}
        _ = try PlanMyDay(planner: first).run(day: Self.day, from: nil, clock: Self.now)
        let second = try kind.secondWriter(of: first)
        let ids = try first.read().tasks.tasks.map(\.id)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: ids.count) { index in
            let writer = TaskActions(planner: index % 2 == 0 ? first : second)
            do {
                _ = try writer.change([ids[index]], .done, day: nil, today: Self.day, at: Int64(index + 1))
            } catch {
                failures.withLock { $0.append("\(ids[index]): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try first.read().tasks.tasks.filter(\.done).count == ids.count)
        #expect(try second.read().tasks.tasks.filter(\.done).count == ids.count)
    }

    /// A replica writes on the planner it read last without asking the database first; when
    /// another replica changed it meanwhile, the row's generation says so and the change is made
    /// again on the planner as it is now: both changes are kept.
    @Test func aChangeOnAPlannerAnotherReplicaChangedSinceKeepsBoth() throws {
        let first = try #require(try planned(.postgres, "call Sam 20m", "pay rent 10m") as? PostgresPlannerStore)
        let second = try #require(try Kind.postgres.secondWriter(of: first) as? PostgresPlannerStore)
        let sam = try id(of: "call Sam", in: first)
        let rent = try id(of: "pay rent", in: first)
        _ = try second.read()  // what the second keeps as the planner
        _ = try TaskActions(planner: first).change([sam], .done, day: nil, today: Self.day, at: 1)
        _ = try TaskActions(planner: second).change([rent], .done, day: nil, today: Self.day, at: 2)
        for planner in [first, second] {
            #expect(try planner.read().tasks.tasks.filter(\.done).map(\.id).sorted() == [sam, rent].sorted())
        }
    }

    /// A replica that listens (`DatabaseChanges`) takes the planner it read last as current
    /// without asking, until it hears that another replica changed it: its reads then show it.
    @Test func aListeningReplicaSeesAChangeMadeThroughAnother() throws {
        let first = try #require(try planned(.postgres, "call Sam 20m") as? PostgresPlannerStore)
        let database = try PostgresDatabase(first.database.conninfo)
        _ = DatabaseChanges(database)
        let listening = PostgresPlannerStore(database: database, person: first.person, content: first.content)
        let sam = try id(of: "call Sam", in: first)
        func done() throws -> Bool? { try listening.read().tasks.tasks.first { $0.id == sam }?.done }
        #expect(try done() == false)
        _ = try TaskActions(planner: first).change([sam], .done, day: nil, today: Self.day, at: 1)
        let deadline = Date().addingTimeInterval(30)
        while try done() != true, Date() < deadline { usleep(2_000) }
        #expect(try done() == true, "the change made through the other replica was never heard of")
        // And a change through the listening one lands on top of it.
        _ = try TaskActions(planner: listening).change([sam], .notDone, day: nil, today: Self.day, at: 2)
        #expect(try first.read().tasks.tasks.first { $0.id == sam }?.done == false)
    }

    /// A person moved from one store to the other and back (`aura db import`, then `export`)
    /// has the same planner files as before: what they export is the same.
    @Test func aPlannerMovedIntoTheDatabaseAndBackHoldsTheSameFiles() throws {
        let folder = try planned(.folder, "call Sam 20m", "pay rent friday 10m")
        try QuickCapture(planner: folder).capture(["# waiting", "buy milk"], today: Self.day) {}
        try PersonalCalendar(planner: folder).replace(with: Data(Self.meeting.utf8), named: "work.ics", now: Self.now)
        _ = try TaskActions(planner: folder).change(
            [try id(of: "call Sam", in: folder)], .done, day: nil, today: Self.day, at: 1)
        let database = try Kind.postgres.make()
        try database.copy(from: folder)
        #expect(try database.read().tasks == folder.read().tasks && database.read().plan == folder.read().plan)
        let back = try #require(try Kind.folder.make() as? PlannerFolder)
        try back.copy(from: database)
        let before = try #require(folder as? PlannerFolder).documentFiles()
        let after = try back.documentFiles()
        #expect(after.map(\.name) == before.map(\.name))
        #expect(after.map(\.data) == before.map(\.data))
        // A part the source lacks goes: a planner without a calendar copied over one with it.
        try back.copy(from: try Kind.folder.make())
        #expect(try back.documentFiles().isEmpty)
    }

    // MARK: Capture and Plan My Day

    @Test(arguments: Kind.allCases) func captureAddsLinesForTheNextPlan(_ kind: Kind) throws {
        let planner = try kind.make()
        let items = try QuickCapture(planner: planner).capture(["call Sam friday", "pay rent"], today: Self.day) {}
        #expect(items.map { $0.map(\.title) } == [["call Sam"], ["pay rent"]])
        #expect(try planner.read().inbox == "call Sam friday\npay rent\n")
    }

    @Test(arguments: Kind.allCases) func aLineThatDoesNotReadCapturesNothing(_ kind: Kind) throws {
        let planner = try kind.make()
        let error = #expect(throws: UnreadLines.self) {
            try QuickCapture(planner: planner).capture(["pay rent", "pay \u{1B}[2Jrent"], today: Self.day) {}
        }
        #expect(error?.problems.map(\.index) == [1])
        #expect(try planner.read().inbox == nil)
    }

    @Test(arguments: Kind.allCases) func planMyDayTakesTheInboxInAndDrainsIt(_ kind: Kind) throws {
        let planner = try kind.make()
        _ = try QuickCapture(planner: planner).capture(["call Sam 20m", "# a note that stays"], today: Self.day) {}
        let outcome = try PlanMyDay(planner: planner).run(
            day: Self.day, from: nil, clock: Self.now, adding: ["pay rent 10m"])
        #expect(outcome.captured.count == 2 && outcome.days.count == PlanSnapshot.horizon)
        let state = try planner.read()
        #expect(state.tasks.tasks.map(\.title) == ["call Sam", "pay rent"])
        #expect(state.inbox == "# a note that stays\n")
        #expect(state.plan?.today?.date == Self.day)
        #expect(state.store?.undrainedInbox == nil)
    }

    @Test(arguments: Kind.allCases) func aDryRunKeepsNothing(_ kind: Kind) throws {
        let planner = try kind.make()
        _ = try QuickCapture(planner: planner).capture(["call Sam 20m"], today: Self.day) {}
        let before = try planner.read()
        let outcome = try PlanMyDay(planner: planner).run(day: Self.day, from: nil, clock: Self.now, dryRun: true)
        #expect(outcome.captured.count == 1)
        let after = try planner.read()
        #expect(after.generation == before.generation && after.store == nil && after.plan == nil)
    }

    @Test(arguments: Kind.allCases) func aBrokenInboxLineIsNamedWhereItIsAndPlansNothing(_ kind: Kind) throws {
        let planner = try kind.make()
        try planner.update { state in state.inbox = "- call Sam\n- pay \u{1B}[2Jrent\n" }
        let error = #expect(throws: SourceErrors.self) {
            try PlanMyDay(planner: planner).run(day: Self.day, from: nil, clock: Self.now)
        }
        #expect(error?.errors.map(\.line) == [2])
        #expect(error?.errors.first?.file == planner.location(of: .inbox))
        #expect(try planner.read().store == nil && planner.read().plan == nil)
    }

    // MARK: Done, Snooze and their undos; Push; Undo

    @Test(arguments: Kind.allCases) func doneSnoozeAndTheirUndos(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m")
        let actions = TaskActions(planner: planner)
        let sam = try id(of: "call Sam", in: planner)
        #expect(try actions.change([sam], .done, day: nil, today: Self.day, at: 1).tasks.map(\.done) == [true])
        #expect(try actions.change([sam], .notDone, day: nil, today: Self.day, at: 2).tasks.map(\.done) == [false])
        let until = Self.now.addingTimeInterval(3600)
        #expect(
            try actions.change([sam], .snooze(until: until), day: nil, today: Self.day, at: 3).tasks.map(
                \.snoozedUntil) == [until])
        #expect(
            try actions.change([sam], .unsnooze, day: nil, today: Self.day, at: 4).tasks.map(\.snoozedUntil) == [nil])
        // A block of the plan names its tasks too.
        let block = try #require(try planner.read().plan?.today?.blocks.first { !$0.tasks.isEmpty })
        let byBlock = try actions.change([block.id], .done, day: nil, today: Self.day, at: 5)
        #expect(byBlock.applied == block.tasks.map(\.id))
        // An older change arriving late loses to the later one.
        #expect(try actions.change([sam], .notDone, day: nil, today: Self.day, at: 4).applied.isEmpty)
        #expect(try planner.read().tasks.tasks.first { $0.id == sam }?.done == true)
    }

    @Test(arguments: Kind.allCases) func anIdThatNamesNothingChangesNothing(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m")
        let before = try planner.read()
        let sam = try id(of: "call Sam", in: planner)
        let error = #expect(throws: TaskActions.UnknownTask.self) {
            try TaskActions(planner: planner).change([sam, "t99"], .done, day: nil, today: Self.day, at: 1)
        }
        #expect(error?.id == "t99")
        #expect(try planner.read().store == before.store)
    }

    @Test(arguments: Kind.allCases) func beforeTheFirstPlanThereIsNoTaskToChange(_ kind: Kind) throws {
        let planner = try kind.make()
        let actions = TaskActions(planner: planner)
        let error = #expect(throws: SourceError.self) {
            try actions.change(["t1"], .done, day: nil, today: Self.day, at: 1)
        }
        #expect(error?.message.contains("no task store yet") == true)
        #expect(error?.file == planner.location(of: .store))
        #expect(try actions.push(from: Self.day, at: 1).isEmpty)
        #expect(try actions.undoLatest(at: 1, now: Self.now) == nil)
        try actions.noteChanges([("t1", "done", 1)])
        #expect(throws: SourceError.self) {
            try actions.move(["t1"], to: Self.day, today: Self.day, at: 1, now: Self.now)
        }
        #expect(try planner.read().store == nil)
    }

    @Test(arguments: Kind.allCases) func pushMovesWhatIsLeftToTomorrowAndUndoBringsItBack(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m", "pay rent 10m")
        let actions = TaskActions(planner: planner)
        let sam = try id(of: "call Sam", in: planner)
        _ = try actions.change([sam], .done, day: nil, today: Self.day, at: 1)
        let pushed = try actions.push(from: Self.day, at: 2)
        #expect(pushed.map(\.title) == ["pay rent"] && pushed.map(\.date) == [Self.day.adding(days: 1)])
        #expect(try actions.undoLatest(at: 3, now: Self.now)?.summary == "Pushed to 2026-12-03: “pay rent”")
        #expect(try planner.read().tasks.tasks.first { $0.title == "pay rent" }?.date == Self.day)
        #expect(try actions.undoLatest(at: 4, now: Self.now)?.summary == "Done “call Sam”")
        #expect(try actions.undoLatest(at: 5, now: Self.now) == nil)
    }

    // MARK: Edit, Move, Remove

    @Test(arguments: Kind.allCases) func editMoveAndDropPlanTheDaysTheyTouch(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m", "pay rent 10m", "buy milk 10m")
        let actions = TaskActions(planner: planner)
        let (sam, rent, milk) = (
            try id(of: "call Sam", in: planner), try id(of: "pay rent", in: planner),
            try id(of: "buy milk", in: planner)
        )
        func today() throws -> Set<String> {
            Set(try #require(try planner.read().plan?.today).blocks.flatMap(\.tasks).map(\.id))
        }
        #expect(try today().isSuperset(of: [sam, rent, milk]))
        let edited = try actions.edit(
            sam, TaskEdit(words: "call Sam friday 20m"), today: Self.day, at: 1, now: Self.now)
        #expect(edited.outcome == .applied && edited.task.date == LocalDate(year: 2026, month: 12, day: 4))
        _ = try actions.move([rent], to: Self.day.adding(days: 1), today: Self.day, at: 2, now: Self.now)
        #expect(try actions.drop([milk], today: Self.day, at: 3, now: Self.now).map(\.title) == ["buy milk"])
        #expect(try today().isDisjoint(with: [sam, rent, milk]))
        let tomorrow = try #require(try planner.read().plan?.days[1]).blocks.flatMap(\.tasks).map(\.id)
        #expect(tomorrow.contains(rent))
        #expect(try actions.undoLatest(at: 4, now: Self.now)?.summary == "Removed “buy milk”")
        #expect(try actions.undoLatest(at: 5, now: Self.now)?.summary == "Moved to 2026-12-03: “pay rent”")
        #expect(try actions.undoLatest(at: 6, now: Self.now)?.summary == "Edited “call Sam”")
        #expect(try today().isSuperset(of: [sam, rent, milk]))
    }

    @Test(arguments: Kind.allCases) func anEditOfABlockOfSeveralTasksNamesOne(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 5m", "call Kim 5m", "call Ann 5m")
        let before = try planner.read()
        let block = try #require(before.plan?.today?.blocks.first { $0.tasks.count > 1 })
        let error = #expect(throws: TaskStoreChangeError.self) {
            try TaskActions(planner: planner).edit(
                block.id, TaskEdit(minutes: 10), today: Self.day, at: 1, now: Self.now)
        }
        #expect(error?.message.contains("name one of them") == true)
        #expect(try planner.read().store == before.store)
    }

    @Test(arguments: Kind.allCases) func changeTimesNotedElsewhereKeepTheLaterOne(_ kind: Kind) throws {
        let planner = try planned(kind, "call Sam 20m")
        let actions = TaskActions(planner: planner)
        let sam = try id(of: "call Sam", in: planner)
        _ = try actions.change([sam], .done, day: nil, today: Self.day, at: 100)
        try actions.noteChanges([(sam, "done", 50), (sam, "title", 70)])
        let task = try #require(try planner.read().tasks.tasks.first)
        #expect(task.changed["done"] == 100 && task.changed["title"] == 70)
    }

    // MARK: The calendar

    static let meeting = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Aura//Tests//EN\r
        BEGIN:VEVENT\r
        UID:standup@aura.example\r
        DTSTAMP:20261201T000000Z\r
        DTSTART:20261202T100000\r
        DTEND:20261202T120000\r
        SUMMARY:Standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test(arguments: Kind.allCases) func aCalendarIsKeptAndTheDaysArePlannedAroundIt(_ kind: Kind) throws {
        let planner = try planned(kind, "write the annual report 90m")
        let calendar = PersonalCalendar(planner: planner)
        #expect(try calendar.exists() == false)
        #expect(try calendar.replace(with: Data(Self.meeting.utf8), named: "work.ics", now: Self.now) == 1)
        #expect(try calendar.exists())
        let today = try #require(try planner.read().plan?.today)
        #expect(today.busy.map(\.title) == ["Standup"])
        let report = try #require(today.blocks.first { $0.tasks.map(\.title) == ["write the annual report"] })
        #expect(report.span.end <= 10 * 60 || report.span.start >= 12 * 60)
        try calendar.remove(now: Self.now)
        #expect(try calendar.exists() == false)
        #expect(try #require(try planner.read().plan?.today).busy.isEmpty)
    }

    @Test(arguments: Kind.allCases) func aCalendarThatDoesNotReadIsNotKept(_ kind: Kind) throws {
        let planner = try planned(kind, "write the annual report 90m")
        let before = try planner.read()
        let broken = Self.meeting.replacingOccurrences(of: "DTSTART:20261202T100000", with: "DTSTART:tomorrow")
        let error = #expect(throws: PersonalCalendar.Refused.self) {
            try PersonalCalendar(planner: planner).replace(with: Data(broken.utf8), named: "work.ics", now: Self.now)
        }
        #expect(error?.description.hasPrefix("work.ics:") == true)
        #expect(throws: PersonalCalendar.Refused.self) {
            try PersonalCalendar(planner: planner).replace(with: Data([0xFF, 0xFE]), named: "work.ics", now: Self.now)
        }
        #expect(try planner.read().calendar == nil && planner.read().plan == before.plan)
    }

    // MARK: The day re-flowing

    @Test(arguments: Kind.allCases) func aBlockPassedUndoneReflowsTheRestOfTheDayAndUndoPutsItBack(_ kind: Kind)
        throws
    {
        let planner = try planned(kind, "write the annual report 60m", "call Sam 20m")
        let reflow = DayReflow(planner: planner)
        let today = try #require(try planner.read().plan?.today)
        let first = try #require(today.blocks.first { !$0.isFixed && !$0.tasks.isEmpty })
        #expect(try reflow.run(now: today.instant(first.span.start), at: 1) == nil, "nothing has passed yet")
        let later = today.instant(first.span.end + 10)
        let moved = try #require(try reflow.run(now: later, at: later.milliseconds))
        #expect(moved.missed.map(\.id).contains(first.tasks[0].id))
        let after = try #require(try planner.read().plan?.today)
        let block = try #require(after.blocks.first { $0.tasks.contains { $0.id == first.tasks[0].id } })
        #expect(block.span.start >= first.span.end + 10)
        #expect(try TaskActions(planner: planner).undoLatest(at: later.milliseconds + 1, now: later) != nil)
        #expect(try reflow.run(now: later, at: later.milliseconds + 2) == nil, "the undone reflow stays undone")
    }

    /// What a person sends stays bounded in a database row as on a disk: an inbox past the limit
    /// is refused, named where it is kept, and nothing is added.
    @Test func aPartPastItsLimitIsRefusedAndNothingKept() throws {
        let planner = try Kind.postgres.make()
        try planner.append(toInbox: ["call Sam"], onWait: {})
        let huge = String(repeating: "x", count: PostgresPlannerStore.partLimit)
        let error = #expect(throws: SourceError.self) { try planner.append(toInbox: [huge], onWait: {}) }
        #expect(error?.file == planner.location(of: .inbox) && error?.message.contains("at most 16 MB") == true)
        #expect(try planner.read().inbox == "call Sam\n")
    }
}
