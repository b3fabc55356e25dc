import AuraPlanner
import Foundation
import Testing
@testable import AuraCLI

/// Input written to break the planner — numbers past any limit, huge lines, duplicate ids —
/// is refused with an error naming its position, never a crash or a hang.
struct PlannerHostileInputTests {
    static let hugeDuration = "read 9999999999999999999h"
    static let hugeDurationMessage = "'9999999999999999999h' is not a usable duration; expected between 1 minute and 24 hours"

    @Test func aDurationPastAnyIntegerIsAnErrorInParseAddAndPlan() async throws {
        let sandbox = try Sandbox(inbox: "# Inbox\n- \(Self.hugeDuration)\n")
        let parse = await sandbox.run("parse", "--today", "2026-12-02", Self.hugeDuration)
        #expect(parse.status == 1)
        #expect(parse.err == "error: argument 1:1:6: \(Self.hugeDurationMessage)\n")
        let add = await sandbox.run("add", Self.hugeDuration)
        #expect(add.status == 1)
        #expect(add.err == "error: text:1:6: \(Self.hugeDurationMessage)\n")
        let plan = await sandbox.run("plan", "--date", "2026-12-02")
        #expect(plan.status == 1)
        #expect(plan.err.hasSuffix("Content/planner/inbox.md:2:8: \(Self.hugeDurationMessage)\n"), "\(plan.err)")
    }
}
