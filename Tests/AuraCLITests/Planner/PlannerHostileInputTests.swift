import Foundation
import Testing

@testable import AuraCLI
@testable import AuraPlanner

/// Input written to break the planner — numbers past any limit, huge lines, duplicate ids —
/// is refused with an error naming its position (or, in a task's words, kept in its title
/// with a warning), never a crash or a hang.
struct PlannerHostileInputTests {
    static let hugeDuration = "read 9999999999999999999h"
    static let hugeDurationWarning =
        "'9999999999999999999h' is not a usable duration; expected between 1 minute and 24 hours; it stays in the title"

    @Test func aDurationPastAnyIntegerStaysInTheTitleWithAWarningInParseAddAndPlan() async throws {
        let sandbox = try Sandbox(inbox: "# Inbox\n- \(Self.hugeDuration)\n")
        let parse = await sandbox.run("parse", "--today", "2026-12-02", Self.hugeDuration)
        #expect(parse.status == 0)
        #expect(parse.err == "warning: argument 1:1:6: \(Self.hugeDurationWarning)\n")
        let add = await sandbox.run("add", Self.hugeDuration)
        #expect(add.status == 0)
        #expect(add.err == "warning: text:1:6: \(Self.hugeDurationWarning)\n")
        let plan = await sandbox.run("plan", "--date", "2026-12-02", "--json")
        #expect(plan.status == 0)
        #expect(plan.err.contains("/Content/planner/inbox.md:2:8: \(Self.hugeDurationWarning)\n"), "\(plan.err)")
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(store.tasks.map(\.title) == [Self.hugeDuration, Self.hugeDuration])
        #expect(store.tasks.allSatisfy { $0.minutes == nil })
    }

    /// A one-task store as `aura` writes it, with `field` replaced.
    static func store(
        _ field: String = "\"minutes\" : 30", id: String = "t1", second: String? = nil, nextNumber: String = "2"
    ) -> Data {
        func task(_ id: String) -> String {
            "    {\n      \"id\" : \"\(id)\",\n      \"title\" : \"call Sam\",\n      \(field)\n    }"
        }
        let tasks = [task(id)] + (second.map { [task($0)] } ?? [])
        return Data(
            "{\n  \"nextNumber\" : \(nextNumber),\n  \"tasks\" : [\n\(tasks.joined(separator: ",\n"))\n  ],\n  \"version\" : 2\n}\n"
                .utf8)
    }

    static func storeError(_ data: Data) -> String? {
        do {
            _ = try TaskStore.decode(data)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func duplicateIdsNameBothPositions() {
        #expect(
            Self.storeError(Self.store(second: "t1"))
                == "10:14: tasks[1].id: duplicate id 't1', already used by tasks[0] at line 5, column 14; expected each id once"
        )
    }

    @Test func numbersAtTheIntegerLimitAreRangeErrors() {
        let max = "9223372036854775807"
        #expect(
            Self.storeError(Self.store(id: "t\(max)"))
                == "5:14: tasks[0].id: 't\(max)' is past the highest task id; expected t1 to t999999999")
        #expect(
            Self.storeError(Self.store(nextNumber: max))
                == "2:18: nextNumber: \(max) is out of range; expected 1 to 1000000000")
        #expect(
            Self.storeError(Self.store("\"minutes\" : \(max)"))
                == "7:19: tasks[0].minutes: \(max) is not a duration; expected 1 to 1440 minutes")
        #expect(
            Self.storeError(Self.store("\"rolledForward\" : \(max)"))
                == "7:25: tasks[0].rolledForward: \(max) is out of range; expected 0 to 100000 moves")
    }

    @Test func aStoreNestedTenThousandDeepIsRefusedAtTheSixtyFifthLevel() {
        let text = "{\"tasks\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(
            Self.storeError(Data(text.utf8))
                == "1:74: not valid JSON: arrays and objects nested more than 64 levels deep; expected at most 64")
    }

    @Test func movesStopCountingAtTheLimitTheStoreReadsBack() throws {
        var store = try TaskStore.decode(
            Self.store("\"date\" : \"2026-12-01\", \"rolledForward\" : \(InputLimits.maximumRolledForward)"))
        store.rollForward(to: LocalDate(year: 2026, month: 12, day: 2)!)
        #expect(store.tasks[0].rolledForward == InputLimits.maximumRolledForward)
        #expect(try TaskStore.decode(store.encoded()) == store)
    }

    @Test func aLineLongerThanTheLimitIsAnErrorAtTheFirstCharacterPastIt() async throws {
        let line = "call " + Array(repeating: "x", count: 100_000).joined(separator: " ")
        let sandbox = try Sandbox(inbox: "# Inbox\n- \(line)\n")
        let plan = await sandbox.run("plan", "--date", "2026-12-02")
        #expect(plan.status == 1)
        #expect(
            plan.err.hasSuffix(
                "Content/planner/inbox.md:2:4003: the line is 200004 characters long; expected at most 4000, one item per line\n"
            ),
            "\(plan.err)")
    }

    static let controlMessage = "is not allowed; expected text with no control characters but tabs and line breaks"

    @Test func controlCharactersInTheInboxAndOnTheCommandLineAreErrorsAtTheirColumn() async throws {
        let sandbox = try Sandbox(inbox: "# Inbox\n- call Sam\u{0}friday\n- pay \u{1B}[2Jrent\n")
        let plan = await sandbox.run("plan", "--date", "2026-12-02")
        #expect(plan.status == 1)
        let lines = plan.err.split(separator: "\n").map {
            $0.split(separator: "Content/planner/").last.map(String.init) ?? ""
        }
        // The file is refused at its first control character; nothing was captured or changed.
        #expect(lines == ["inbox.md:2:11: control character U+0000 (NUL) \(Self.controlMessage)"])
        #expect(!sandbox.exists("Content/planner/tasks.json"))
        let add = await sandbox.run("add", "ring \u{7}the bell")
        #expect(add.err == "error: text:1:6: control character U+0007 (BEL) \(Self.controlMessage)\n")
    }

    @Test func anInboxWrittenOnWindowsIsReadAsWritten() async throws {
        let sandbox = try Sandbox(inbox: "\u{FEFF}# Inbox\r\n- call Sam friday\r\n- pay rent 15m\r\n")
        let plan = await sandbox.run("plan", "--date", "2026-12-02")
        #expect(plan.status == 0, "\(plan.err)")
        let store = try TaskStore.decode(Data(contentsOf: sandbox.url("Content/planner/tasks.json")))
        #expect(store.tasks.map(\.title) == ["call Sam", "pay rent"])
        #expect(try sandbox.read("Content/planner/inbox.md") == "# Inbox\n")
    }

    @Test func aControlCharacterEscapedInTheStoreIsAnErrorAtItsField() {
        #expect(
            Self.storeError(Self.store("\"input\" : \"call \\u001b[2J Sam\""))
                == "7:17: tasks[0].input: control character U+001B (ESC) \(Self.controlMessage)")
    }

    @Test func aStoreWithAByteOrderMarkLoads() throws {
        #expect(try TaskStore.decode(Data([0xEF, 0xBB, 0xBF]) + Self.store()).tasks.map(\.id) == ["t1"])
    }

    /// `plan.json` as `aura plan` writes it for the sandbox's inbox, changed by `edit`, then read.
    static func planError(_ edit: (inout [String: Any]) -> Void) async throws -> (error: String?, text: String) {
        let sandbox = try Sandbox(inbox: "- write the grant intro 90m\n- email the landlord\n- call the bank at 3pm\n")
        #expect(await sandbox.run("plan", "--date", "2026-12-02").status == 0)
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.url("Content/planner/plan.json")))
                as? [String: Any])
        edit(&json)
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        do {
            _ = try PlanSnapshot.decode(data)
            return (nil, String(decoding: data, as: UTF8.self))
        } catch {
            return (error.description, String(decoding: data, as: UTF8.self))
        }
    }

    /// 1-based line and column of the `occurrence`th (from 0) `text` in `document`.
    static func position(of text: String, in document: String, occurrence: Int) -> String {
        let before = document.components(separatedBy: text).prefix(occurrence + 1).joined(separator: text)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return "\(lines.count):\(lines.last!.count + 1)"
    }

    static func editDay(_ json: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var days = json["days"] as! [[String: Any]]
        edit(&days[0])
        json["days"] = days
    }

    @Test func aPlanWithDuplicateBlockIdsNamesBothPositions() async throws {
        var id = ""
        let (error, text) = try await Self.planError { json in
            Self.editDay(&json) { day in
                var blocks = day["blocks"] as! [[String: Any]]
                id = blocks[0]["id"] as! String
                blocks[1]["id"] = id
                day["blocks"] = blocks
            }
        }
        let first = Self.position(of: "\"\(id)\"", in: text.components(separatedBy: "\"events\"")[0], occurrence: 0)
        let second = Self.position(of: "\"\(id)\"", in: text, occurrence: 1)
        #expect(
            error == "\(second): days[0].blocks[1].id: duplicate block id '\(id)', already used at line "
                + "\(first.split(separator: ":")[0]), column \(first.split(separator: ":")[1]); expected each id once; run 'aura plan' again to rewrite it"
        )
    }

    @Test func planNumbersPastADayAreRangeErrors() async throws {
        let (load, _) = try await Self.planError { json in Self.editDay(&json) { $0["loadMinutes"] = Int.max } }
        #expect(
            load?.hasSuffix(
                "days[0].loadMinutes: \(Int.max) is out of range; expected 0 to 1440 minutes; run 'aura plan' again to rewrite it"
            ) == true, "\(load ?? "")")
        let (window, _) = try await Self.planError { json in
            Self.editDay(&json) { $0["window"] = ["start": -5, "end": 600] }
        }
        #expect(
            window?.hasSuffix(
                "days[0].window.start: -5 is out of range; expected 0 to 1440 minutes after midnight; run 'aura plan' again to rewrite it"
            ) == true,
            "\(window ?? "")")
    }
}
