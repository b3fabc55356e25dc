import AuraPlanner
import SiteEngine
import Synchronization

/// `/planner/`: the inbox as captured, grouped, with the Plan My Day control.
struct PlannerViewModel: Encodable, Sendable {
    struct Captured: Encodable, Sendable {
        let id: String?
        let title: String
        let input: String
        let kind: String
        let emoji: String
        let category: String
        let categoryKey: String
        let reason: String
        let dateText: String?
        let timeText: String?
        let durationText: String?
        let repeatText: String?
        let rrule: String?
        let notes: TaskNotes?
        /// Words that looked like a when but were not read, each as a sentence.
        let unread: [String]
        /// How approximate whens were made concrete (`‘mid-january’ read as 2027-01-15: …`).
        let readAs: [String]
        let isDone: Bool

        init(_ task: StoredTask, today: LocalDate?, capture: CaptureSettings) {
            let reading = Self.reading(of: task, capture: capture)
            self.init(
                id: task.id, title: task.title, input: task.input, kind: task.kind, category: task.category,
                reason: task.categoryReason, date: task.date, time: task.time, minutes: task.minutes,
                shortestMinutes: task.minutes == reading?.minutes ? reading?.shortestMinutes : nil,
                recurrence: task.recurrence, notes: TaskNotes(due: task.due, part: task.partOfDay),
                unread: reading?.unread ?? [], readAs: reading?.choices ?? [],
                isDone: today.map { !task.isOpen(on: $0) } ?? task.done)
        }

        init(pending item: CapturedItem, categorizer: Categorizer) {
            let categorization = categorizer.categorize(item)
            self.init(
                id: nil, title: item.title, input: item.input, kind: item.kind, category: categorization.category,
                reason: categorization.reason, date: item.isDeadline ? nil : item.date, time: item.time,
                minutes: item.minutes, shortestMinutes: item.shortestMinutes, recurrence: item.recurrence,
                notes: TaskNotes(due: item.isDeadline ? item.date : nil, part: item.partOfDay), unread: item.unread,
                readAs: item.choices, isDone: false)
        }

        private init(
            id: String?, title: String, input: String, kind: ItemKind, category: Category, reason: String,
            date: LocalDate?, time: ClockTime?, minutes: Int?, shortestMinutes: Int?, recurrence: Recurrence?,
            notes: TaskNotes?, unread: [UnreadPhrase], readAs: [ReadChoice], isDone: Bool
        ) {
            self.id = id
            self.title = title
            self.input = input
            self.kind = kind.rawValue
            emoji = category.emoji
            self.category = category.name
            categoryKey = category.rawValue
            self.reason = reason
            dateText = date.map(DayText.short)
            timeText = time.map { clockText(minutes: $0.minutes) }
            // A length written as a range is planned at its longer end and shown whole.
            durationText = minutes.map { longest in
                shortestMinutes.map { AuraPlanner.durationText(from: $0, to: longest) }
                    ?? AuraPlanner.durationText(longest)
            }
            repeatText = recurrence.map(Self.repeatText)
            rrule = recurrence?.rrule
            self.notes = notes
            self.unread = unread.map {
                $0.note == UnreadPhrase.notRead
                    ? "Didn’t understand “\($0.text)”: no date, time or repeat was set from it."
                    : "“\($0.text)” \($0.note)."
            }
            self.readAs = readAs.map { $0.note.prefix(1).uppercased() + $0.note.dropFirst() + "." }
            self.isDone = isDone
        }

        /// A stored task's line read again as of the day it was captured, for what the store does
        /// not keep: the warnings, the choices made for approximate whens, a length's range.
        private static func reading(of task: StoredTask, capture: CaptureSettings) -> CapturedItem? {
            guard let day = task.createdOn ?? task.date else { return nil }
            let line = Line(input: task.input, day: day, capture: capture)
            let items =
                readings.withLock { $0[line] }
                ?? {
                    let items = try? CaptureParser(today: day, settings: capture).parse(task.input)
                    readings.withLock { readings in
                        if readings.count >= Self.keptReadings { readings.removeAll(keepingCapacity: true) }
                        readings[line] = items
                    }
                    return items
                }()
            return items?.first { $0.title == task.title }
        }

        /// A line as read on a day with some settings, which always read it the same way.
        private struct Line: Hashable {
            let input: String
            let day: LocalDate
            let capture: CaptureSettings
        }

        /// Lines read already (nil for one that could not be): a server makes the planner page
        /// again after every Done, reading every stored task's line, and reading is slow.
        private static let readings = Mutex<[Line: [CapturedItem]?]>([:])
        private static let keptReadings = 4096

        static func repeatText(_ recurrence: Recurrence) -> String {
            switch recurrence {
            case .daily: return "every day"
            case .weekly(let days) where days == Set(Weekday.workdays): return "every weekday"
            case .weekly(let days): return "every " + listText(days.sorted { $0.rawValue < $1.rawValue }.map(\.name))
            case .interval(let interval): return interval.text
            case .monthlyWeekday(let day): return day.text
            }
        }
    }

    struct Group: Encodable, Sendable {
        let key: String
        let title: String
        let items: [Captured]
        let hasItems: Bool
    }

    struct Memo: Encodable, Sendable {
        let input: String
        let items: [Captured]
    }

    let groups: [Group]
    let memos: [Memo]
    let hasMemos: Bool
    /// Nothing captured and nothing waiting in the inbox.
    let isEmpty: Bool
    let pending: [Captured]
    let hasPending: Bool
    let planCommand = "aura plan --build"
    let planAction: String
    let inboxPath: String

    init(_ planner: PlannerContent, root: String, inboxPath: String) throws {
        let today = planner.snapshot?.today?.date
        // A task done stays listed, marked, until its day has passed (one moved to tomorrow too).
        let tasks = planner.store.tasks.filter { task in
            today.map { today in task.isOpen(on: today) || task.date.map { $0 >= today } == true } ?? true
        }
        let captured = tasks.map { (task: $0, view: Captured($0, today: today, capture: planner.capture)) }
        // Memo items are shown with the transcript they came from, in `memos`.
        groups = [(ItemKind.task, "Tasks"), (.idea, "Ideas")].map { kind, title in
            let items = captured.filter { $0.task.kind == kind }.map(\.view)
            return Group(key: kind.rawValue, title: title, items: items, hasItems: !items.isEmpty)
        }
        var memos: [Memo] = []
        for (task, view) in captured where task.kind == .memo {
            if let last = memos.last, last.input == task.input {
                memos[memos.count - 1] = Memo(input: last.input, items: last.items + [view])
            } else {
                memos.append(Memo(input: task.input, items: [view]))
            }
        }
        self.memos = memos
        hasMemos = !memos.isEmpty
        let categorizer = Categorizer()
        pending = try planner.pending().map { Captured(pending: $0, categorizer: categorizer) }
        hasPending = !pending.isEmpty
        isEmpty = captured.isEmpty && pending.isEmpty
        planAction = root + "planner/plan"
        self.inboxPath = inboxPath
    }
}
