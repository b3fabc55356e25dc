import Testing

@testable import AuraPlanner

/// `DayPlan.ranking`: the one order the dashboard's "first" and the week board's sizes read.
struct RankingTests {
    static func blocks(_ ranks: [Double]) -> [DayPlan.Block] {
        ranks.enumerated().map { index, rank in
            let task = DayPlan.ScheduledTask(id: "t\(index + 1)", title: "task \(index + 1)", minutes: 30, rank: rank)
            return DayPlan.Block(
                id: "b\(index + 1)", span: MinuteSpan(start: 540 + index * 30, end: 570 + index * 30),
                category: .admin, focusMode: .work, tasks: [task], isFixed: false)
        }
    }

    @Test func tiedTasksShareThePlaceOfTheBestAmongThem() {
        // Scheduled out of rank order; 0.45 is not within 0.06 of 0.55, so it starts a run.
        let ranking = DayPlan.ranking(of: Self.blocks([0.5, 0.3, 0.55, 0.4, 0.45, 0.5, 0.35]))
        #expect(ranking.map(\.task.id) == ["t3", "t1", "t6", "t5", "t4", "t7", "t2"])
        #expect(ranking.map(\.place) == [0, 0, 0, 3, 3, 5, 5])
        #expect(ranking.map(\.block.id) == ranking.map { "b" + $0.task.id.dropFirst() })
    }

    @Test func theLeadersAreTheTopRunAtMostThree() {
        let tied = DayPlan.ranking(of: Self.blocks([0.5, 0.55, 0.5, 0.5, 0.3]))
        #expect(tied.filter { $0.place == 0 }.count == 4)
        #expect(DayPlan.leaders(in: tied, confident: false).map(\.task.id) == ["t2", "t1", "t3"])
        let clear = DayPlan.ranking(of: Self.blocks([0.5, 0.8, 0.5]))
        #expect(clear.map(\.place) == [0, 1, 1])
        #expect(DayPlan.leaders(in: clear, confident: true).map(\.task.id) == ["t2"])
        #expect(DayPlan.ranking(of: []).isEmpty)
    }
}
