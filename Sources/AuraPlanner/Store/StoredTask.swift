import Diagnostics
import Foundation

/// One task as kept in `tasks.json`: what was captured, how it was categorized, and its history.
public struct StoredTask: Sendable, Equatable, Identifiable {
    /// Stable for the task's life (`t12`); notification and calendar identities derive from it.
    public var id: String
    public var title: String
    /// The capture line the task came from.
    public var input: String
    public var kind: ItemKind
    public var category: Category
    public var categoryReason: String
    /// The day the task was captured; a recurring task starts on it.
    public var createdOn: LocalDate?
    /// The day the task is planned for; nil for an undated idea.
    public var date: LocalDate?
    public var time: ClockTime?
    /// The time is a rough guide (`lunchtime`, `5ish`): the task is placed near it, not at it.
    public var timeIsApproximate = false
    /// The length the capture named; nil means the category's estimate applies.
    public var minutes: Int?
    public var recurrence: Recurrence?
    /// How many times the task has moved to a later day unfinished.
    var rolledForward: Int
    /// Finished (a one-off task).
    public var done: Bool
    /// The days a recurring task was finished on.
    var doneOccurrences: [LocalDate]
    /// Not to be scheduled before this instant.
    public var snoozedUntil: Date?
    /// The part of the day the capture named (`this evening`): the scheduler keeps to it.
    public var partOfDay: PartOfDay?
    /// The deadline the capture named (`by end of next week`): the task is planned from the
    /// day it was captured, rolls forward until done, and ranks higher as the day nears.
    public var due: LocalDate?
    /// When each field was last changed by a person (client milliseconds since 1970, by field
    /// name: `done`, `done@<date>` for one occurrence of a repeating task, `snoozedUntil`, …), so
    /// that of two changes to one field the later wins whichever arrives last (store version 3).
    public internal(set) var changed: [String: Int64] = [:]

    init(
        id: String, title: String, input: String, kind: ItemKind, category: Category, categoryReason: String,
        createdOn: LocalDate?, date: LocalDate?, time: ClockTime? = nil, minutes: Int? = nil,
        recurrence: Recurrence? = nil, rolledForward: Int = 0, done: Bool = false,
        doneOccurrences: [LocalDate] = [], snoozedUntil: Date? = nil, partOfDay: PartOfDay? = nil,
        due: LocalDate? = nil, timeIsApproximate: Bool = false
    ) {
        self.id = id
        self.title = title
        self.input = input
        self.kind = kind
        self.category = category
        self.categoryReason = categoryReason
        self.createdOn = createdOn
        self.date = date
        self.time = time
        self.timeIsApproximate = time != nil && timeIsApproximate
        self.minutes = minutes
        self.recurrence = recurrence
        self.rolledForward = rolledForward
        self.done = done
        self.doneOccurrences = doneOccurrences
        self.snoozedUntil = snoozedUntil
        self.partOfDay = partOfDay
        self.due = due
    }

    /// When a person marked the task done on `day` (milliseconds since 1970), nil while it is
    /// open there or the store does not know (a task finished before changes were timed).
    public func doneAt(on day: LocalDate) -> Int64? {
        isOpen(on: day) ? nil : changed[recurrence == nil ? "done" : "done@\(day)"]
    }

    /// Whether the task is still to do on `day`.
    public func isOpen(on day: LocalDate) -> Bool {
        recurrence == nil ? !done : !doneOccurrences.contains(day)
    }

    /// An idea with neither a date nor a repeat: kept, but never scheduled.
    public var isUndatedIdea: Bool { kind == .idea && date == nil && recurrence == nil }

    /// Whether the task belongs to `day`'s plan: a one-off dated that day, or a recurring task
    /// with an occurrence on it.
    func isDue(on day: LocalDate) -> Bool {
        if let recurrence {
            return recurrence.occurs(on: day) && (createdOn.map { $0 <= day } ?? true)
                && (date.map { $0 <= day } ?? true)
        }
        return date == day
    }
}

extension StoredTask: Codable {
    enum CodingKeys: String, CodingKey {
        case id, title, input, kind, category, categoryReason, createdOn, date, time, minutes
        case timeIsApproximate = "approx"
        case recurrence = "rrule"
        case rolledForward, done, doneOccurrences, snoozedUntil
        case partOfDay = "part"
        case due, changed
    }

    /// Version 1 files hold only `id`, `title`, `date`, `time`, `minutes`, `rrule` and `done`; the
    /// fields added in version 2 get their defaults, and a missing category is worked out again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        input = try container.decodeIfPresent(String.self, forKey: .input) ?? title
        kind = try container.decodeIfPresent(ItemKind.self, forKey: .kind) ?? .task
        date = try container.decodeIfPresent(LocalDate.self, forKey: .date)
        time = try container.decodeIfPresent(ClockTime.self, forKey: .time)
        timeIsApproximate = try container.decodeIfPresent(Bool.self, forKey: .timeIsApproximate) ?? false
        minutes = try container.decodeIfPresent(Int.self, forKey: .minutes)
        recurrence = try container.decodeIfPresent(Recurrence.self, forKey: .recurrence)
        createdOn = try container.decodeIfPresent(LocalDate.self, forKey: .createdOn)
        rolledForward = try container.decodeIfPresent(Int.self, forKey: .rolledForward) ?? 0
        done = try container.decodeIfPresent(Bool.self, forKey: .done) ?? false
        doneOccurrences = try container.decodeIfPresent([LocalDate].self, forKey: .doneOccurrences) ?? []
        snoozedUntil = try container.decodeIfPresent(Date.self, forKey: .snoozedUntil)
        partOfDay = try container.decodeIfPresent(PartOfDay.self, forKey: .partOfDay)
        due = try container.decodeIfPresent(LocalDate.self, forKey: .due)
        changed = try container.decodeIfPresent([String: Int64].self, forKey: .changed) ?? [:]
        if let category = try container.decodeIfPresent(Category.self, forKey: .category) {
            self.category = category
            categoryReason =
                try container.decodeIfPresent(String.self, forKey: .categoryReason) ?? "kept from an earlier plan"
        } else {
            let result = Categorizer().categorize(
                CapturedItem(input: input, title: title, kind: kind, minutes: minutes))
            category = result.category
            categoryReason = result.reason
        }
        try Self.checkRanges(id: id, minutes: minutes, rolledForward: rolledForward, in: container)
        for (key, text) in [(CodingKeys.id, id), (.title, title), (.input, input), (.categoryReason, categoryReason)] {
            if let error = TextInput.controlCharacterError(in: text) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.message)
            }
        }
    }

    /// Writes every field a task has; `changed` only once something was changed by a person.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(input, forKey: .input)
        try container.encode(kind, forKey: .kind)
        try container.encode(category, forKey: .category)
        try container.encode(categoryReason, forKey: .categoryReason)
        try container.encodeIfPresent(createdOn, forKey: .createdOn)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(time, forKey: .time)
        if timeIsApproximate { try container.encode(true, forKey: .timeIsApproximate) }
        try container.encodeIfPresent(minutes, forKey: .minutes)
        try container.encodeIfPresent(recurrence, forKey: .recurrence)
        try container.encode(rolledForward, forKey: .rolledForward)
        try container.encode(done, forKey: .done)
        try container.encode(doneOccurrences, forKey: .doneOccurrences)
        try container.encodeIfPresent(snoozedUntil, forKey: .snoozedUntil)
        try container.encodeIfPresent(partOfDay, forKey: .partOfDay)
        try container.encodeIfPresent(due, forKey: .due)
        if !changed.isEmpty { try container.encode(changed, forKey: .changed) }
    }

    /// Numbers past `InputLimits` would overflow the planner's arithmetic, so they are refused
    /// where they are written.
    private static func checkRanges(
        id: String, minutes: Int?, rolledForward: Int,
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws {
        if id.first == "t", id.count > 1, id.dropFirst().allSatisfy(\.isASCII), id.dropFirst().allSatisfy(\.isNumber),
            !(Int(id.dropFirst()).map { (1...InputLimits.maximumTaskNumber).contains($0) } ?? false)
        {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container,
                debugDescription:
                    "'\(id)' is past the highest task id; expected t1 to t\(InputLimits.maximumTaskNumber)")
        }
        if let minutes, !(1...InputLimits.maximumTaskMinutes).contains(minutes) {
            throw DecodingError.dataCorruptedError(
                forKey: .minutes, in: container,
                debugDescription:
                    "\(minutes) is not a duration; expected 1 to \(InputLimits.maximumTaskMinutes) minutes")
        }
        guard (0...InputLimits.maximumRolledForward).contains(rolledForward) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rolledForward, in: container,
                debugDescription:
                    "\(rolledForward) is out of range; expected 0 to \(InputLimits.maximumRolledForward) moves")
        }
    }
}
