import AuraPlanner
import SiteEngine

/// What a reflection may say about a day: the plan's real figures and names, ready for a
/// Mustache body (`{{firstBlock.tasks}}`, `{{deepTime}}`, `{{topTask}}` …).
struct ReflectionFacts: Encodable, Sendable, Equatable {
    /// One block in words.
    struct Block: Encodable, Sendable, Equatable {
        let start: String
        let end: String
        /// `09:00–10:30`.
        let time: String
        let emoji: String
        let category: String
        let focusMode: String
        /// The block's task titles, joined: `Draft the report, Review Sam's notes`.
        let tasks: String

        init(start: String, end: String, emoji: String, category: String, focusMode: String, tasks: [String]) {
            self.start = start
            self.end = end
            time = "\(start)–\(end)"
            self.emoji = emoji
            self.category = category
            self.focusMode = focusMode
            self.tasks = listText(tasks)
        }
    }

    let weekday: String
    let dateText: String
    let firstBlock: Block?
    let lastBlock: Block?
    let firstDeepBlock: Block?
    /// The #1 task, or the tied leaders joined when the ranking is not confident.
    let topTask: String
    let confident: Bool
    let deepMinutes: Int
    let deepTime: String
    let blockCount: Int
    let taskCount: Int
    let loadMinutes: Int
    let capacityMinutes: Int
    let loadTime: String
    let capacityTime: String
    let freeTime: String
    let laterCount: Int
    let firstLater: String
    /// Whether anything was marked done that day; the finished figures mean nothing before.
    let finishedKnown: Bool
    let finishedCount: Int
    let finishedList: String
    let unfinishedCount: Int

    var isEmpty: Bool { blockCount == 0 }
    /// Share of scheduled tasks marked done, 0…1.
    var finishedShare: Double { taskCount == 0 ? 0 : Double(finishedCount) / Double(taskCount) }
    /// How the load sits against capacity.
    var load: String {
        let share = capacityMinutes == 0 ? 0 : Double(loadMinutes) / Double(capacityMinutes)
        return share >= 0.85 ? "heavy" : share < 0.5 ? "light" : "moderate"
    }

    init(
        weekday: String, dateText: String, blocks: [Block], deepBlocks: [Block], topTasks: [String], confident: Bool,
        deepMinutes: Int, taskCount: Int, loadMinutes: Int, capacityMinutes: Int, later: [String],
        finished: [String], finishedKnown: Bool
    ) {
        self.weekday = weekday
        self.dateText = dateText
        firstBlock = blocks.first
        lastBlock = blocks.last
        firstDeepBlock = deepBlocks.first
        topTask = listText(topTasks)
        self.confident = confident
        self.deepMinutes = deepMinutes
        deepTime = durationText(deepMinutes)
        blockCount = blocks.count
        self.taskCount = taskCount
        self.loadMinutes = loadMinutes
        self.capacityMinutes = capacityMinutes
        loadTime = durationText(loadMinutes)
        capacityTime = durationText(capacityMinutes)
        freeTime = durationText(max(0, capacityMinutes - loadMinutes))
        laterCount = later.count
        firstLater = later.first ?? ""
        self.finishedKnown = finishedKnown
        finishedCount = finished.count
        finishedList = listText(finished)
        unfinishedCount = max(0, taskCount - finished.count)
    }
}

/// Titles as a sentence fragment: `A`, `A and B`, `A, B and C`.
func listText(_ items: [String]) -> String {
    switch items.count {
    case 0: ""
    case 1: items[0]
    default: items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
