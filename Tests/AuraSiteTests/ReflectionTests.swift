import AuraTestSupport
import Diagnostics
import Foundation
import Testing

@testable import AuraSite

/// The reflection library in `Content/reflections/` chooses a fitting entry for each kind of
/// day, and the text it renders names that day's real plan.
struct ReflectionTests {
    static let library = try! ReflectionLibrary.load(contentDirectory: Project.content, in: .disk)

    static func block(_ start: String, _ end: String, _ category: String, _ tasks: [String]) -> ReflectionFacts.Block {
        ReflectionFacts.Block(start: start, end: end, emoji: "•", category: category, focusMode: "Work", tasks: tasks)
    }

    static let deep = block("09:00", "12:00", "Deep Work", ["Draft the Lisbon chapter", "Check the survey numbers"])
    static let admin = block("13:00", "13:30", "Admin & Logistics", ["Pay the water bill"])
    static let walk = block("17:00", "17:45", "Health & Wellbeing", ["Walk along the canal"])

    static func day(
        blocks: [ReflectionFacts.Block], deep: [ReflectionFacts.Block] = [], deepMinutes: Int = 0,
        load: Int, capacity: Int = 480, later: [String] = [], finished: [String] = [],
        tasks: Int? = nil, confident: Bool = true, top: [String] = ["Draft the Lisbon chapter"]
    ) -> ReflectionFacts {
        ReflectionFacts(
            weekday: "Wednesday", dateText: "2 December", blocks: blocks, deepBlocks: deep,
            topTasks: blocks.isEmpty ? [] : top,
            confident: confident, deepMinutes: deepMinutes, taskCount: tasks ?? blocks.count, loadMinutes: load,
            capacityMinutes: capacity, later: later, finished: finished, finishedKnown: !finished.isEmpty)
    }

    static let heavyDeep = day(
        blocks: [deep, admin, walk], deep: [deep], deepMinutes: 200, load: 440,
        later: ["Sort the loft", "Renew the passport"])
    static let light = day(blocks: [admin], load: 30)
    static let empty = day(blocks: [], load: 0)
    static let tied = day(
        blocks: [deep, admin], deep: [deep], deepMinutes: 60, load: 250, confident: false,
        top: ["Draft the Lisbon chapter", "Pay the water bill"])
    static let finishedMost = day(
        blocks: [deep, admin, walk], deep: [deep], deepMinutes: 120, load: 300,
        finished: ["Draft the Lisbon chapter", "Pay the water bill", "Walk along the canal"], tasks: 3)

    static func text(_ time: Reflection.Time, _ facts: ReflectionFacts, date: String = "2026-12-02") throws -> String {
        let reflection = try #require(library.choose(time, for: facts, date: date))
        return try reflection.render(facts)
    }

    @Test func libraryHoldsEnoughEntries() {
        #expect(Self.library.reflections.count >= 30)
        for time in Reflection.Time.allCases {
            #expect(
                Self.library.reflections.contains { $0.time == time && $0.conditions.isEmpty },
                "no general \(time) entry")
        }
    }

    @Test(arguments: Reflection.Time.allCases)
    func heavyDeepDayNamesItsDeepWork(time: Reflection.Time) throws {
        let text = try Self.text(time, Self.heavyDeep)
        let names = [
            "Draft the Lisbon chapter", "3\u{A0}h\u{A0}20\u{A0}min", "Sort the loft", "09:00", "Walk along the canal",
            "Pay the water bill"
        ]
        #expect(names.contains { text.contains($0) }, "\(text)")
        #expect(!text.contains("{{"))
    }

    @Test(arguments: Reflection.Time.allCases)
    func emptyDayIsHonest(time: Reflection.Time) throws {
        let reflection = try #require(Self.library.choose(time, for: Self.empty, date: "2026-12-02"))
        #expect(
            reflection.conditions.contains(ReflectionCondition.emptyDay), "\(reflection.file) is not an empty-day entry"
        )
        let text = try reflection.render(Self.empty)
        #expect(!text.contains("Draft the Lisbon chapter"))
    }

    @Test func lightDayNamesItsOnlyBlock() throws {
        let text = try Self.text(.morning, Self.light)
        #expect(["Pay the water bill", "13:00", "30\u{A0}min"].contains { text.contains($0) }, "\(text)")
    }

    @Test func tiedDayNamesBothLeaders() throws {
        let text = try Self.text(.morning, Self.tied)
        #expect(text.contains("Draft the Lisbon chapter and Pay the water bill"), "\(text)")
    }

    @Test func eveningAfterAGoodDayNamesWhatWasFinished() throws {
        let text = try Self.text(.evening, Self.finishedMost)
        #expect(text.contains("Draft the Lisbon chapter") || text.contains("3 of 3"), "\(text)")
    }

    @Test func choiceIsStableForADateAndVariesAcrossDates() throws {
        let first = try #require(Self.library.choose(.morning, for: Self.heavyDeep, date: "2026-12-02")).file
        #expect(try #require(Self.library.choose(.morning, for: Self.heavyDeep, date: "2026-12-02")).file == first)
        let files = Set(
            (1...28).map {
                try! #require(
                    Self.library.choose(.morning, for: Self.heavyDeep, date: String(format: "2026-02-%02d", $0))
                ).file
            })
        #expect(files.count > 1)
    }

    @Test func badConditionIsLocated() {
        let text = "---\ntime: morning\nwhen:\n  deep_hour: \">= 3\"\n---\nText.\n"
        #expect(
            throws: SourceError(
                file: "r.md", line: 4, column: 3, message: "unknown condition 'deep_hour'; did you mean 'deep_hours'?")
        ) {
            _ = try Reflection.parse(text, file: "r.md")
        }
    }
}
