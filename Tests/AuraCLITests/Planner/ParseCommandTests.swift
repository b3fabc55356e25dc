import Foundation
import Testing

@testable import AuraCLI
@testable import AuraPlanner

/// `aura parse` reads lines as the inbox does, counts `in an hour` from the clock, and says
/// what it did not read.
struct ParseCommandTests {
    @Test func aChecklistLineIsALineNotAnOption() async throws {
        let result = await (try Sandbox()).run(
            "parse", "--today", "2026-12-02", "--json", "- [ ] buy milk", "* call Sam friday", "1. pay rent")
        #expect(result.status == 0, "\(result.err)")
        let titles = result.out.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["title"] as? String
        }
        #expect(titles == ["buy milk", "call Sam", "pay rent"])
    }

    /// Read on every core, the lines still come out in their order, each with its warnings
    /// and errors under its own argument number.
    @Test func manyLinesComeOutInTheirOrder() async throws {
        let lines = (1...400).map { $0 % 100 == 0 ? "tomorrow at 3pm" : "task \($0) friday or monday" }
        let result = await (try Sandbox()).run(["parse", "--today", "2026-12-02", "--json"] + lines)
        #expect(result.status != 0)
        let titles = result.out.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["title"] as? String
        }
        #expect(titles == (1...400).filter { $0 % 100 != 0 }.map { "task \($0) or monday" })
        let warned = result.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map {
            String($0.split(separator: ":")[1])
        }
        #expect(warned == (1...400).filter { $0 % 100 != 0 }.map { " argument \($0)" })
        #expect(result.err.contains("argument 100:1:1: 'tomorrow at 3pm' names no task"))
        #expect(result.err.contains("argument 400:1:1:"))
    }

    @Test func aCheckedBoxIsNoItem() async throws {
        let result = await (try Sandbox()).run("parse", "--today", "2026-12-02", "- [x] bought milk")
        #expect(result.status == 0 && result.out.isEmpty)
        #expect(result.err.contains("argument 1: not an item"))
    }

    @Test func inAnHourIsATimeFromNowNotALength() async throws {
        let result = await (try Sandbox()).run(
            "parse", "--today", "2026-12-02", "--now", "16:20", "--json", "email Jo the minutes in an hour",
            "ring Al in 20 minutes", "check the oven in two hours", "call back in half an hour")
        #expect(result.status == 0, "\(result.err)")
        let rows = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(
            rows.map { $0["title"] as? String } == ["email Jo the minutes", "ring Al", "check the oven", "call back"])
        #expect(rows.map { $0["time"] as? String } == ["17:20", "16:40", "18:20", "16:50"])
        #expect(rows.allSatisfy { $0["minutes"] is NSNull })
    }

    @Test func inAnHourPastMidnightIsTomorrow() async throws {
        let result = await (try Sandbox()).run(
            "parse", "--today", "2026-12-02", "--now", "23:30", "--json", "take the bins out in an hour")
        let row = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(row["date"] as? String == "2026-12-03" && row["time"] as? String == "00:30")
    }

    @Test func withoutAClockInAnHourSetsNoTimeAndSaysSo() async throws {
        let result = await (try Sandbox()).run("parse", "--today", "2026-12-02", "--json", "call Sam in an hour")
        let row = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(row["title"] as? String == "call Sam" && row["time"] is NSNull && row["minutes"] is NSNull)
        #expect(
            result.err
                == "warning: argument 1:1:10: 'in an hour' counts from now, but a date was given and no time now (--now HH:MM); no time was set\n"
        )
    }

    @Test func aWhenItCannotReadIsReportedNotLost() async throws {
        let result = await (try Sandbox()).run(
            "parse", "--today", "2026-12-02", "--json", "meet Ana quarter past", "call Sam friday or monday")
        let rows = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(rows.map { $0["unread"] as? [String] } == [["quarter past"], ["monday"]])
        #expect(
            result.err.contains(
                "warning: argument 1:1:10: 'quarter past' looks like a date, time or repeat but was not read"))
    }
}
