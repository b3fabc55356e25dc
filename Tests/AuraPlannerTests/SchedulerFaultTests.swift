import Foundation
import Testing

@testable import AuraPlanner

/// The two scheduler faults of issue 14, replayed end to end from the inbox lines that showed them.
struct SchedulerFaultTests {
    typealias Meetings = DayPlannerTests.Meetings

    @Test func anAdminGroupNoWindowHoldsFallsBackToSmallerWindows() throws {
        let store = try DayPlannerTests.store(["pick up dry cleaning", "check the bank statement 20 minutes"])
        let busy = Meetings(spans: [
            ("Morning", "08:30", "11:35"), ("Lunch", "12:00", "13:55"), ("Afternoon", "14:30", "18:30")
        ])
        let plan = DayPlanner(settings: DayPlannerTests.settings).plan(store, on: DayPlannerTests.day, calendar: busy)
        #expect(plan.later.isEmpty, "\(plan.later.map(\.reason))")
        let spans = Dictionary(
            uniqueKeysWithValues: plan.blocks.flatMap { block in block.tasks.map { ($0.title, block.span) } })
        #expect(spans["check the bank statement"] == MinuteSpan(start: 14 * 60, end: 14 * 60 + 20))
        #expect(spans["pick up dry cleaning"] == MinuteSpan(start: 11 * 60 + 40, end: 11 * 60 + 55))
    }

    @Test func overcommitIsSaidOnlyOfATaskThatWouldOvercommit() throws {
        let store = try DayPlannerTests.store([
            "write the spec 1h10", "chase the overdue invoice 20m", "submit the expense claim"
        ])
        let busy = Meetings(spans: [("Early", "08:30", "10:00"), ("Late", "11:40", "18:30")])
        let plan = DayPlanner(settings: DayPlannerTests.settings).plan(store, on: DayPlannerTests.day, calendar: busy)
        #expect(plan.capacityMinutes == 100)
        // The overdue invoice ranks first, so it takes the first stretch with the claim beside it
        // (30 min); the spec's 70 on top would pass 85 % of 100, and Later says so truly.
        #expect(
            plan.blocks.flatMap(\.tasks).map(\.title).sorted() == [
                "chase the overdue invoice", "submit the expense claim"
            ])
        #expect(plan.later.map(\.title) == ["write the spec"])
        #expect(
            plan.later.first?.reason
                == "would overcommit the day: 30\u{00A0}min already planned of 1\u{00A0}h\u{00A0}40\u{00A0}min free")
    }

    @Test func aSnoozedTaskIsToldTheStretchAfterItsSnooze() {
        let task = SchedulableTask(
            id: "a", title: "walk", category: .health, minutes: 60, notBefore: 17 * 60 + 30, rank: 1)
        let schedule = Scheduler().schedule(
            [task], window: MinuteSpan(start: 9 * 60, end: 18 * 60), opensAt: 9 * 60, busy: [])
        #expect(
            schedule.later.map(\.reason) == [
                "needs 1\u{00A0}h free; the longest free stretch left after 17:30 is 30\u{00A0}min"
            ])
    }
}

/// A part of the day named at capture reaches the schedule.
struct PartOfDaySchedulingTests {
    @Test func anEveningTaskIsPlannedInTheEvening() throws {
        let settings = PlannerSettings(
            timeZone: DayPlannerTests.london, window: MinuteSpan(start: 8 * 60 + 30, end: 21 * 60))
        let store = try DayPlannerTests.store([
            "call mum this evening", "gym this morning", "review the draft this afternoon 1h"
        ])
        #expect(store.tasks.map(\.partOfDay) == [.evening, .morning, .afternoon])
        let plan = DayPlanner(settings: settings).plan(store, on: DayPlannerTests.day)
        let spans = Dictionary(
            uniqueKeysWithValues: plan.blocks.flatMap { block in block.tasks.map { ($0.title, block.span) } })
        let call = try #require(spans["call mum"])
        let gym = try #require(spans["gym"])
        let review = try #require(spans["review the draft"])
        #expect(call.start >= 17 * 60 && call.end <= 21 * 60)
        #expect(gym.start >= 8 * 60 + 30 && gym.end <= 12 * 60)
        #expect(review.start >= 12 * 60 && review.end <= 17 * 60)
    }

    @Test func anEveningTaskOnADayThatEndsEarlyGoesToLaterSayingWhy() throws {
        let store = try DayPlannerTests.store(["call mum this evening"])
        let settings = PlannerSettings(
            timeZone: DayPlannerTests.london, window: MinuteSpan(start: 8 * 60 + 30, end: 17 * 60))
        let plan = DayPlanner(settings: settings).plan(store, on: DayPlannerTests.day)
        #expect(plan.later.map(\.reason) == ["no free 15-minute window left for admin in the evening (17:00–21:00)"])
    }

    /// `site.yml`'s `parts_of_day` moves the window a part names.
    @Test func aConfiguredEveningMovesTheTask() throws {
        let store = try DayPlannerTests.store(["call mum this evening"])
        var settings = PlannerSettings(
            timeZone: DayPlannerTests.london, window: MinuteSpan(start: 8 * 60 + 30, end: 22 * 60))
        settings.partsOfDay[.evening] = MinuteSpan(start: 19 * 60 + 30, end: 22 * 60)
        let plan = DayPlanner(settings: settings).plan(store, on: DayPlannerTests.day)
        let call = try #require(DayPlannerTests.block(plan, holding: "call mum"))
        #expect(call.span.start >= 19 * 60 + 30)
        settings.window = MinuteSpan(start: 8 * 60 + 30, end: 19 * 60)
        #expect(
            DayPlanner(settings: settings).plan(store, on: DayPlannerTests.day).later.map(\.reason)
                == ["no free 15-minute window left for admin in the evening (19:30–22:00)"])
    }

    @Test func thePartIsKeptInTheStore() throws {
        let store = try DayPlannerTests.store(["call mum this evening"])
        let data = try JSONEncoder().encode(store.tasks[0])
        #expect(String(decoding: data, as: UTF8.self).contains(#""part":"evening""#))
        #expect(try JSONDecoder().decode(StoredTask.self, from: data).partOfDay == .evening)
    }
}

/// A deadline is kept as `due`; the task is planned from the day it was captured.
struct DeadlineTests {
    @Test func aDeadlineTaskStartsOnTheCaptureDayAndRanksUpAsItNears() throws {
        let store = try DayPlannerTests.store(["finish the deck by end of next week", "tidy the desk"])
        let deck = store.tasks[0]
        #expect(deck.date == DayPlannerTests.day && deck.due == LocalDate(year: 2026, month: 12, day: 11))
        let ranker = HeuristicRanker()
        let early = ranker.score(deck, on: DayPlannerTests.day)
        let late = ranker.score(deck, on: LocalDate(year: 2026, month: 12, day: 10)!)
        #expect(late > early)
        let data = try JSONEncoder().encode(deck)
        #expect(try JSONDecoder().decode(StoredTask.self, from: data).due == deck.due)
    }
}
