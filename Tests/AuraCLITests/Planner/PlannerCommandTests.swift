import Foundation
import Platform
import Testing

@testable import AuraCLI
@testable import AuraPlanner
@testable import AuraSite

/// The planner commands end to end, in a temporary site folder.
struct PlannerCommandTests {
    static let inbox = """
        # Inbox

        <!-- one item per line -->
        - write the grant proposal introduction 90m
        - email the landlord about the boiler
        - physio appointment at 11:30 45m
        - 🎙 need to order printer ink and then call the bank. Also run 5k every day
        - 💡 a podcast about lighthouse keepers

        """

    @Test func planDrainsTheInboxIntoTheStoreAndPrintsTheDay() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        let first = await sandbox.run("plan")
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.hasPrefix("Plan My Day · Wednesday 2 December 2026 · Europe/London · 08:30–18:30\n"))
        #expect(first.out.contains("  11:30–12:15  🌿  physio appointment"))
        #expect(
            first.out.contains(
                "Later\n  t7    🎭  a podcast about lighthouse keepers — an idea: kept, not scheduled until it has a date"
            ))
        #expect(first.out.contains("Captured 7 items from "))
        #expect(try sandbox.read("Content/planner/inbox.md") == "# Inbox\n\n<!-- one item per line -->\n")
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(
            store.tasks.map(\.title) == [
                "write the grant proposal introduction", "email the landlord about the boiler",
                "physio appointment", "order printer ink", "call the bank", "run 5k",
                "a podcast about lighthouse keepers"
            ])
        #expect(store.tasks.map(\.kind) == [.task, .task, .task, .memo, .memo, .memo, .idea])

        // The tool is the only writer: planning again reads the store and gives the same day.
        let second = await sandbox.run("plan")
        #expect(second.status == 0)
        #expect(second.out.contains("Nothing new in "))
        #expect(
            second.out.components(separatedBy: "\n\n").dropLast()
                == first.out.components(separatedBy: "\n\n").dropLast())
    }

    @Test func dryRunJSONFollowsTheSchemaAndTouchesNoFile() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        let before = try sandbox.read("Content/planner/inbox.md")
        let result = await sandbox.run("plan", "--date", "2026-12-02", "--json", "--dry-run")
        #expect(result.status == 0)
        #expect(result.err.contains("Dry run: no file was changed."))
        #expect(try sandbox.read("Content/planner/inbox.md") == before)
        #expect(!sandbox.exists("Content/planner/tasks.json"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "date", "timezone", "window", "capacityMinutes", "loadMinutes", "freeMinutes", "confident",
                "blocks", "later", "busy", "notifications", "nudge"
            ])
        #expect(json["date"] as? String == "2026-12-02" && json["timezone"] as? String == "Europe/London")
        #expect(json["window"] as? [String: String] == ["start": "08:30", "end": "18:30"])
        let capacity = try #require(json["capacityMinutes"] as? Int)
        let load = try #require(json["loadMinutes"] as? Int)
        #expect(capacity == 600 && json["freeMinutes"] as? Int == capacity - load)
        let blocks = try #require(json["blocks"] as? [[String: Any]])
        for block in blocks {
            #expect(Set(block.keys) == ["id", "start", "end", "category", "emoji", "focusMode", "fixed", "tasks"])
            for task in try #require(block["tasks"] as? [[String: Any]]) {
                #expect(Set(task.keys) == ["id", "title", "minutes", "rank"])
            }
        }
        let later = try #require(json["later"] as? [[String: Any]])
        #expect(later.allSatisfy { Set($0.keys) == ["id", "title", "category", "reason"] })
        let notifications = try #require(json["notifications"] as? [[String: Any]])
        #expect(notifications.count == blocks.count)
        #expect(
            notifications.allSatisfy {
                Set($0.keys) == ["id", "blockId", "fireDate", "title", "body", "cue", "interruptionLevel", "actions"]
            })
        let nudge = try #require(json["nudge"] as? [String: Any])
        #expect(Set(nudge.keys) == ["id", "fireDate", "title", "body", "taskId", "repeats"])
        #expect(nudge["id"] as? String == "aura-daily-nudge")
    }

    @Test func parsePrintsOneJSONObjectPerItem() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run(
            "parse", "--today", "2026-12-02", "--json", "call Sam friday", "run 5k every day")
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 2)
        let call = try #require(lines[0])
        let run = try #require(lines[1])
        #expect(call["input"] as? String == "call Sam friday" && call["title"] as? String == "call Sam")
        #expect(call["kind"] as? String == "task" && call["date"] as? String == "2026-12-04")
        #expect(call["time"] is NSNull && call["minutes"] is NSNull && call["rrule"] is NSNull)
        #expect(call["category"] as? String == "admin" && call["reason"] as? String == "mentions “call”")
        #expect(run["title"] as? String == "run 5k" && run["rrule"] as? String == "FREQ=DAILY" && run["date"] is NSNull)
        #expect(run["category"] as? String == "health")
        #expect(
            Set(call.keys) == [
                "input", "title", "kind", "date", "due", "part", "time", "time_approximate", "minutes", "rrule",
                "category", "reason", "unread", "minutes_shortest", "read_as", "warnings"
            ])
        #expect(call["time_approximate"] is NSNull, "no time, so nothing to say of it")
        #expect(call["unread"] as? [String] == [] && call["due"] as? Bool == false && call["part"] is NSNull)
    }

    @Test func aMemoGivesSeveralLinesWithTheSameInput() async throws {
        let result = await (try Sandbox()).run(
            "parse", "--today", "2026-12-02", "--json", "memo: call the bank and then book the MOT")
        let inputs = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(inputs.map { $0["title"] as? String } == ["call the bank", "book the MOT"])
        #expect(
            inputs.allSatisfy {
                $0["input"] as? String == "memo: call the bank and then book the MOT" && $0["kind"] as? String == "memo"
            })
    }

    @Test func aCorruptStoreIsReportedAndLeftUntouched() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        let corrupt = "{\n  \"version\": 2,\n  \"tasks\": [\n    {\"id\": \"t1\" \"title\": \"x\"}\n  ]\n}\n"
        try sandbox.write(corrupt, to: "Content/planner/tasks.json")
        let result = await sandbox.run("plan")
        #expect(result.status == 1)
        #expect(
            result.err.contains(
                "tasks.json:4:17: not valid JSON: expected ',' or '}' after the value of \"id\"; the task store was left as it is"
            ))
        #expect(try sandbox.read("Content/planner/tasks.json") == corrupt)
        #expect(try sandbox.read("Content/planner/inbox.md") == Self.inbox)
        let done = await sandbox.run("done", "t1")
        #expect(done.status == 1 && done.err.contains("tasks.json:4:17:"))
        #expect(try sandbox.read("Content/planner/tasks.json") == corrupt)
    }

    @Test func theStoreIsReplacedByRenameNeverRewrittenInPlace() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan").status == 0)
        let path = sandbox.url("Content/planner/tasks.json").path
        let before = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
        #expect(await sandbox.run("done", "t2").status == 0)
        let after = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
        #expect(before != after)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.url("Content/planner").path).filter
        { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        #expect(try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json"))).tasks[1].done)
    }

    @Test func aFailedAtomicWriteLeavesNoTemporaryFile() throws {
        let sandbox = try Sandbox()
        // The target is a folder that holds a file, so the final rename must fail.
        try FileManager.default.createDirectory(
            at: sandbox.url("Content/planner/tasks.json"), withIntermediateDirectories: true)
        try sandbox.write("keep", to: "Content/planner/tasks.json/keep")
        #expect(throws: (any Error).self) {
            try AtomicFile.write(Data("{}".utf8), to: sandbox.url("Content/planner/tasks.json"))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.url("Content/planner").path) == ["tasks.json"])
        #expect(try sandbox.read("Content/planner/tasks.json/keep") == "keep")
    }

    @Test func doneSnoozeAndPushUpdateTheStore() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan").status == 0)
        let done = await sandbox.run("done", "t1", "6")
        #expect(done.status == 0)
        #expect(done.out == "Done: t1 “write the grant proposal introduction”\nDone: t6 “run 5k” (for 2026-12-02)\n")
        let snooze = await sandbox.run("snooze", "2", "45m")
        #expect(snooze.out == "Snoozed t2 “email the landlord about the boiler” until 07:45.\n")
        let push = await sandbox.run("push")
        #expect(push.status == 0)
        #expect(
            push.out == """
                Moved to 2026-12-03:
                  t2  📋  email the landlord about the boiler
                  t3  🌿  physio appointment
                  t4  📋  order printer ink
                  t5  📋  call the bank

                """)
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(store.tasks[0].done && store.tasks[5].doneOccurrences == [LocalDate(year: 2026, month: 12, day: 2)!])
        #expect(store.tasks[1].snoozedUntil == Sandbox.now.addingTimeInterval(45 * 60))
        #expect(store.tasks[1].date == LocalDate(year: 2026, month: 12, day: 3) && store.tasks[1].rolledForward == 1)
        // Tomorrow, the pushed tasks are in the plan, and the daily run is back.
        let tomorrow = await sandbox.run("plan", "--date", "2026-12-03", "--dry-run")
        #expect(tomorrow.out.contains("call the bank") && tomorrow.out.contains("run 5k"))
    }

    @Test func undoTakesBackTheLatestChangeThenTheOneBefore() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("undo").out == "Nothing to undo.\n")
        #expect(await sandbox.run("plan").status == 0)
        let planned = try sandbox.read("Content/planner/tasks.json")
        #expect(await sandbox.run("done", "t1").status == 0)
        #expect(await sandbox.run("push").status == 0)
        let push = await sandbox.run("undo")
        #expect(push.status == 0)
        #expect(push.out.hasPrefix("Undone: Pushed to 2026-12-03: “email the landlord about the boiler”, “"))
        let done = await sandbox.run("undo")
        #expect(done.out == "Undone: Done “write the grant proposal introduction”.\n")
        #expect(await sandbox.run("undo").out == "Nothing to undo.\n")
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        let before = try TaskStore.decode(Data(planned.utf8))
        #expect(store.tasks.map(\.done) == before.tasks.map(\.done))
        #expect(store.tasks.map(\.date) == before.tasks.map(\.date))
        #expect(store.tasks.map(\.rolledForward) == before.tasks.map(\.rolledForward))
        let unknown = await sandbox.run("done", "t1", "t99")
        #expect(unknown.status == 2 && unknown.err.hasPrefix("error: no task with id 't99'; 'aura plan' lists the ids"))
        #expect(try sandbox.read("Content/planner/tasks.json") == String(decoding: store.encoded(), as: UTF8.self))
    }

    /// A change older than the last one made to the same field (a clock behind another
    /// device's) changes nothing, says which task kept what on standard error, and exits 1.
    @Test func aChangeOlderThanTheLastOneIsRefusedWithExitOne() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan").status == 0)
        let later = Sandbox.now.addingTimeInterval(60)
        #expect(await sandbox.run(["edit", "t5", "--minutes", "40"], now: later).status == 0)
        #expect(await sandbox.run(["done", "t5"], now: later).status == 0)
        let saved = try sandbox.read("Content/planner/tasks.json")
        let edit = await sandbox.run("edit", "t5", "--minutes", "50")
        #expect(edit.status == 1 && edit.out.isEmpty, "\(edit)")
        #expect(edit.err.hasPrefix("error: t5 “call the bank” was changed later than this edit"), "\(edit.err)")
        let done = await sandbox.run("done", "t5")
        #expect(done.status == 1 && done.err.contains("was changed later than this done"), "\(done)")
        #expect(try sandbox.read("Content/planner/tasks.json") == saved, "a refused change wrote the store")
        // The same values again are no change at all, and no error.
        let same = await sandbox.run(["edit", "t5", "--minutes", "40"], now: later.addingTimeInterval(60))
        #expect(same.status == 0 && same.out.hasPrefix("Unchanged: t5"), "\(same)")
    }

    /// `aura reflow` plans the rest of today again once a block has ended undone, and
    /// `aura undo` puts the day back exactly as it was, to stay so: the blocks that had passed
    /// undone then do not set off another reflow, a block that ends undone later does.
    @Test func reflowPlansTheRestOfTheDayAgainAndUndoPutsItBack() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan").status == 0)
        let early = await sandbox.run("reflow")
        #expect(early.status == 0 && early.out == "Nothing has passed undone: the day stays as planned.\n", "\(early)")
        let planned = try sandbox.read("Content/planner/plan.json")
        // Four hours on (11:00), the morning's first blocks have ended undone.
        let later = Sandbox.now.addingTimeInterval(4 * 3600)
        let reflow = await sandbox.run(["reflow"], now: later)
        #expect(reflow.status == 0, "\(reflow)")
        #expect(reflow.out.hasPrefix("Planned the rest of today again: t1 “write the grant proposal introduction”"))
        #expect(try sandbox.read("Content/planner/plan.json") != planned)
        let undo = await sandbox.run(["undo"], now: later.addingTimeInterval(60))
        #expect(undo.out.hasPrefix("Undone: Planned the rest of today again: “write the grant proposal introduction”"))
        let restored = try PlanSnapshot.decode(Data(try sandbox.read("Content/planner/plan.json").utf8))
        let morning = try #require(try PlanSnapshot.decode(Data(planned.utf8)).today)
        #expect(restored.today?.blocks == morning.blocks && restored.today?.notifications == morning.notifications)
        let again = await sandbox.run(["reflow"], now: later.addingTimeInterval(120))
        #expect(again.out == "Nothing has passed undone: the day stays as planned.\n", "\(again)")
        // A block that was still ahead at the undo, once it ends undone, re-flows the day.
        let ahead = try #require(morning.blocks.first { !$0.isFixed && morning.instant($0.span.end) > later })
        let next = await sandbox.run(["reflow"], now: morning.instant(ahead.span.end + 10))
        #expect(next.out.hasPrefix("Planned the rest of today again: "), "\(next)")
        #expect(next.out.contains(ahead.tasks[0].title), "\(next)")
    }

    @Test func editMoveAndDropChangeTheStoreAndBadInputWritesNothing() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        #expect(await sandbox.run("plan").status == 0)
        let edit = await sandbox.run("edit", "t5", "call the bank friday 3pm", "--today", "2026-12-02")
        #expect(edit.status == 0)
        #expect(edit.out == "Edited: t5  📋  call the bank · 2026-12-04 15:00\n")
        let fields = await sandbox.run("edit", "5", "--minutes", "25", "--category", "admin", "--at", "16:10")
        #expect(fields.out == "Edited: t5  📋  call the bank · 2026-12-04 16:10 · 25 min\n")
        let move = await sandbox.run("move", "t1", "t2", "2026-12-07")
        #expect(
            move.status == 0
                && move.out.hasPrefix("Moved to 2026-12-07:\n  t1  🧠  write the grant proposal introduction"))
        let drop = await sandbox.run("drop", "t4")
        #expect(drop.out == "Removed: t4  📋  order printer ink · 2026-12-02\n")
        let saved = try sandbox.read("Content/planner/tasks.json")

        let mistakes: [([String], String)] = [
            (["edit", "t99", "call Sam"], "error: no task with id 't99'"),
            (["edit", "t1"], "error: nothing to change"),
            (["edit", "t1", "tomorrow at 3pm"], "error: column 1: 'tomorrow at 3pm' names no task"),
            (["edit", "t1", "--date", "2026-02-30"], "error: '2026-02-30' is not a date"),
            (["edit", "t1", "--at", "9am"], "error: '9am' is not a time of day"),
            (["edit", "t1", "--category", "chores"], "error: 'chores' is not a category"),
            (["edit", "t1", "--minutes", "0"], "error: 0 minutes is not a length"),
            (["move", "t1", "someday"], "error: 'someday' is not a day"),
            (["move", "t6", "friday"], "error: t6 repeats"),
            (["move", "t1", "t99", "friday"], "error: no task with id 't99'"),
            (["drop", "t4"], "error: no task with id 't4'")
        ]
        for (arguments, message) in mistakes {
            let result = await sandbox.run(arguments)
            #expect(result.status == 2 && result.err.hasPrefix(message), "\(arguments): \(result.err)")
            #expect(try sandbox.read("Content/planner/tasks.json") == saved, "\(arguments) wrote the store")
        }
        #expect(await sandbox.run("undo").out == "Undone: Removed “order printer ink”.\n")
    }

    @Test func dayPrintsAPlannedDayWithoutPlanningAgain() async throws {
        let sandbox = try Sandbox(inbox: Self.inbox)
        let none = await sandbox.run("day")
        #expect(none.status == 1 && none.err.contains("holds no plan yet; run 'aura plan' to make one"))
        let planned = await sandbox.run("plan")
        let store = try sandbox.read("Content/planner/tasks.json")
        let day = await sandbox.run("day")
        #expect(day.status == 0)
        #expect(planned.out.hasPrefix(day.out.trimmingCharacters(in: .newlines)))
        #expect(await sandbox.run("day", "2026-12-03").out.hasPrefix("Plan My Day · Thursday 3 December 2026"))
        let far = await sandbox.run("day", "2027-01-05")
        #expect(far.status == 1 && far.err.contains("the last plan covers 2026-12-02 to 2026-12-08, not 2027-01-05"))
        #expect(await sandbox.run("day", "someday").status == 2)
        #expect(try sandbox.read("Content/planner/tasks.json") == store)
    }

    @Test func addAppendsACheckedLineToTheInbox() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("add", "call", "Sam", "friday", "at", "3pm")
        #expect(result.status == 0)
        #expect(
            result.out.contains(
                "“call Sam” · task · 📋 Admin & Logistics (mentions “call”) · date 2026-12-04 (Friday) · at 15:00"))
        #expect(try sandbox.read("Content/planner/inbox.md") == "call Sam friday at 3pm\n")
        #expect(await sandbox.run("add", "💡 a lighthouse podcast").status == 0)
        #expect(try sandbox.read("Content/planner/inbox.md") == "call Sam friday at 3pm\n💡 a lighthouse podcast\n")
    }

    // MARK: Bad input

    @Test func anEmptyInboxPlansAnOpenDay() async throws {
        let sandbox = try Sandbox(inbox: "")
        let result = await sandbox.run("plan")
        #expect(result.status == 0)
        #expect(result.out.contains("Nothing to schedule today."))
        #expect(result.out.contains("About 10 free hours left · 0\u{00A0}min planned of 10\u{00A0}h free"))
    }

    @Test func aThousandLineInboxIsPlannedWithoutOvercommitting() async throws {
        let lines = (1...1000).map { index in
            [
                "write section \(index) of the report 45m", "email supplier \(index)", "stretch break \(index) 10m",
                "read chapter \(index) 30m"
            ][index % 4]
        }
        let sandbox = try Sandbox(inbox: lines.joined(separator: "\n"))
        let result = await sandbox.run("plan", "--json")
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let scheduled = (json["blocks"] as? [[String: Any]] ?? []).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
        let later = json["later"] as? [[String: Any]] ?? []
        #expect(scheduled.count + later.count == 1000)
        #expect(try #require(json["loadMinutes"] as? Int) <= 510)
        #expect(later.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
        #expect(try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json"))).tasks.count == 1000)
    }

    @Test func anImpossibleWhenIsKeptInTheTitleWithAWarningAtItsLineAndColumn() async throws {
        let inbox = "- call the bank\n- team lunch at 25:00\n- pay rent feb 30\n"
        let sandbox = try Sandbox(inbox: inbox)
        let result = await sandbox.run("plan", "--date", "2026-12-02")
        #expect(result.status == 0)
        let warnings = result.err.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(
            warnings.first?.hasSuffix(
                "/Content/planner/inbox.md:2:14: 'at 25:00' is not a time of day; expected 00:00 to 23:59, "
                    + "or a time such as 3pm; it stays in the title") == true)
        #expect(
            warnings.last?.hasSuffix(
                "/Content/planner/inbox.md:3:12: 'feb 30' was not read: there is no February 30 in 2027; "
                    + "expected a day from 1 to 28; it stays in the title") == true)
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") })
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(store.tasks.map(\.title) == ["call the bank", "team lunch at 25:00", "pay rent feb 30"])
        #expect(store.tasks.allSatisfy { $0.time == nil && $0.date == LocalDate(year: 2026, month: 12, day: 2) })
        let parse = await sandbox.run("parse", "--today", "2026-12-02", "ok", "call at 25:00")
        #expect(parse.status == 0)
        #expect(
            parse.err
                == "warning: argument 2:1:6: 'at 25:00' is not a time of day; expected 00:00 to 23:59, or a time such as 3pm; it stays in the title\n"
        )
        #expect(await sandbox.run("add", "call at 25:00").status == 0)
    }

    @Test(arguments: [
        (["plan", "--frobnicate"], "error: unknown option '--frobnicate' for 'aura plan'"),
        (["plan", "--date", "2026-02-30"], "error: '2026-02-30' is not a date; expected YYYY-MM-DD"),
        (["parse"], "error: 'aura parse' expects LINE..., got 0"),
        (["snooze", "t1", "soon"], "error: 'soon' is not a duration; expected one such as 15m, 1h or 90 min"),
        (["plan", "--json=yes"], "error: option '--json' takes no value"),
        (
            ["plan", "--date", "9999-12-31"],
            "error: '9999-12-31' is too late to plan: a plan covers 7 days and dates end at 9999-12-31; expected a date up to 9999-12-25"
        ),
        (["parse", "--now", "25:00", "call Sam"], "error: '25:00' is not a time of day; expected HH:MM, such as 09:30")
    ])
    func usageMistakesExitTwoWithOneLine(arguments: [String], message: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write(TaskStore().encodedText, to: "Content/planner/tasks.json")
        let result = await sandbox.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Run 'aura help \(arguments[0])' for details."))
    }

    @Test func missingAndBrokenFilesAreContentErrors() async throws {
        let sandbox = try Sandbox(inbox: "- call the bank\n")
        let missing = await sandbox.run("plan", "--calendar", "nowhere.ics")
        #expect(missing.status == 1 && missing.err.contains("nowhere.ics:1:1: cannot open: no such file"))
        try sandbox.write(
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;TZID=Mars/Olympus:20261202T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            to: "Content/planner/calendar.ics")
        let broken = await sandbox.run("plan")
        #expect(broken.status == 1 && broken.err.contains("calendar.ics:4:1: unknown time zone 'Mars/Olympus'"))
        let unknown = await sandbox.run("done", "t1")
        #expect(
            unknown.status == 1
                && unknown.err.contains("no task store yet; run 'aura plan' to create it from the inbox"))
        try FileManager.default.removeItem(at: sandbox.url("Content/site.yml"))
        let noSite = await sandbox.run("plan")
        #expect(noSite.status == 1 && noSite.err.contains("site.yml:1:1: cannot open: no such file"))
    }
}

extension TaskStore {
    var encodedText: String { String(decoding: encoded(), as: UTF8.self) }
}
