import Foundation
import Testing

@testable import AuraPlanner

/// A plan as made is the plan as `plan.json` gives it back: a process that keeps what it wrote
/// (instead of reading the file again) shows what another process reading the file shows.
struct PlanSnapshotRoundTripTests {
    @Test func aPlanMadeBetweenSecondsIsThePlanReadBack() throws {
        let store = try DayPlannerTests.store(["write the grant report 2h", "pay the gas bill 10m"])
        let day = DayPlannerTests.day
        let planner = DayPlanner(settings: DayPlannerTests.settings)
        let eight = day.date(minutes: 8 * 60, in: DayPlannerTests.settings.timeZone)
        let first = PlanSnapshot(
            days: planner.planHorizon(store, from: day, now: eight, calendar: nil),
            now: eight.addingTimeInterval(0.25), previous: nil)
        // Planned again 0.5 s later, in the same second: what changed is told the same way in
        // memory and in the file.
        let later = eight.addingTimeInterval(0.75)
        let second = PlanSnapshot(
            days: planner.planHorizon(store, from: day, now: later, calendar: nil), now: later, previous: first)
        for plan in [first, second] {
            #expect(try PlanSnapshot.decode(plan.encoded()) == plan)
        }
    }
}
