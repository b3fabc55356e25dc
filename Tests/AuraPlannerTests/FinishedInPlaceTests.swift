import Foundation
import Testing

@testable import AuraPlanner

/// A task the person finished stays where they saw it until the day ends, however often the
/// rest of the day is planned again: after an edit (`replan`) and after Plan My Day
/// (`planHorizon` with the previous plan).
struct FinishedInPlaceTests {
    static let day = DayPlannerTests.day
    static let settings = DayPlannerTests.settings

    static func at(_ time: String) -> Date { day.date(minutes: ClockTime(time)!.minutes, in: settings.timeZone) }

    @Test func aFinishedTaskKeepsItsPlaceWhenTheDayIsPlannedAgain() throws {
        var store = try DayPlannerTests.store([
            "write the grant report 2h", "pay the gas bill 10m", "renew the parking permit 10m",
            "order printer ink 10m"
        ])
        let planner = DayPlanner(settings: Self.settings)
        let morning = PlanSnapshot(
            days: planner.planHorizon(store, from: Self.day, now: Self.at("08:00"), calendar: nil),
            now: Self.at("08:00"), previous: nil)
        let errands = try #require(morning.today?.blocks.first { $0.tasks.count == 3 })
        let finished = errands.tasks[1]
        _ = try store.apply(.done, to: [finished.id], on: Self.day, at: 1_000)

        // An edit at 08:05 plans today again from then: the finished errand stays at its block's start.
        _ = try store.edit("t1", TaskEdit(minutes: 90), today: Self.day, at: 2_000)
        let replanned = planner.replan(
            morning, touching: [Self.day], store: store, now: Self.at("08:05"), calendar: nil)[0]
        let kept = try #require(replanned.blocks.first { $0.tasks.map(\.id) == [finished.id] })
        #expect(kept.span == MinuteSpan(start: errands.span.start, end: errands.span.start + finished.minutes))
        #expect(replanned.blocks.flatMap(\.tasks).filter { $0.id == finished.id }.count == 1)
        // The other two errands are planned again, not lost.
        for task in errands.tasks where task.id != finished.id {
            #expect(replanned.blocks.contains { $0.tasks.contains { $0.id == task.id } })
        }

        // Plan My Day at 11:00 keeps it there too.
        let snapshot = PlanSnapshot(days: [replanned], now: Self.at("08:05"), previous: morning)
        let later = planner.planHorizon(
            store, from: Self.day, now: Self.at("11:00"), calendar: nil, previous: snapshot)[0]
        #expect(later.blocks.first { $0.tasks.map(\.id) == [finished.id] }?.span.start == errands.span.start)
        // Without the previous plan (a first plan) there is nowhere it was: it is simply done.
        let fresh = planner.planHorizon(store, from: Self.day, now: Self.at("11:00"), calendar: nil)[0]
        #expect(!fresh.blocks.contains { $0.tasks.contains { $0.id == finished.id } })
    }
}
