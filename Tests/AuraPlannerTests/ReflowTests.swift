import Foundation
import Testing

@testable import AuraPlanner

/// The day re-flows by itself: when a block the planner chose ends undone, the rest of today
/// is planned again from now around what is fixed, and nothing else moves.
struct ReflowTests {
    static let day = DayPlannerTests.day
    static let settings = DayPlannerTests.settings

    static func at(_ time: String) -> Date { day.date(minutes: ClockTime(time)!.minutes, in: settings.timeZone) }

    @Test func aBlockThatEndedUndoneIsPlannedAgainAroundWhatIsFixed() throws {
        var store = try DayPlannerTests.store([
            "write the grant report 90m", "physio appointment at 11:30 45m", "draft the talk 60m",
            "pay the gas bill 10m", "renew the parking permit 10m"
        ])
        let planner = DayPlanner(settings: Self.settings)
        let morning = planner.plan(store, on: Self.day, now: Self.at("08:30"))
        let first = try #require(morning.blocks.first { !$0.isFixed })
        // Nothing has ended yet: nothing to do.
        #expect(planner.reflow(morning, store: store, now: Self.at("08:45"), calendar: nil) == nil)

        // The first block ends undone; another, finished early, stays where it was.
        let finished = try #require(
            morning.blocks.first { $0.id != first.id && !$0.isFixed && $0.span.start > first.span.end })
        _ = try store.apply(.done, to: finished.tasks.map(\.id), on: Self.day, at: 1)
        let now = Self.at(ClockTime.format(first.span.end + 10))
        let reflow = try #require(planner.reflow(morning, store: store, now: now, calendar: nil))
        #expect(reflow.missed.map(\.id) == first.tasks.map(\.id))
        let minute = first.span.end + 10
        for task in first.tasks {
            let block = try #require(reflow.day.blocks.first { $0.tasks.contains { $0.id == task.id } })
            #expect(block.span.start >= minute, "\(task.title) was not planned again from now")
        }
        let physio = try #require(reflow.day.blocks.first { $0.tasks[0].title == "physio appointment" })
        #expect(physio.span == MinuteSpan(start: 11 * 60 + 30, end: 12 * 60 + 15))
        #expect(
            reflow.day.blocks.contains {
                $0.tasks.map(\.id) == finished.tasks.map(\.id) && $0.span.start == finished.span.start
            })
        #expect(reflow.day.blocks.flatMap(\.tasks).count == morning.blocks.flatMap(\.tasks).count)

        // Done (or snoozed) before it ended, a block does not re-flow the day.
        _ = try store.apply(.done, to: first.tasks.map(\.id), on: Self.day, at: 2)
        #expect(planner.reflow(morning, store: store, now: now, calendar: nil) == nil)
        // Nor does another day's plan.
        #expect(
            planner.reflow(morning, store: store, now: Self.at("10:00").addingTimeInterval(86_400), calendar: nil)
                == nil)
    }
}
