import Diagnostics

/// What an inbox line is: a plain task, an item taken from a voice-memo transcript, or an idea.
public enum ItemKind: String, Sendable, Codable {
    case task, memo, idea
}

/// One item read from a line of capture text, before it is categorized or stored.
/// `date`, `time`, `minutes` and `recurrence` are nil unless the text names them.
public struct CapturedItem: Sendable, Equatable {
    /// The whole line the item came from (a memo line gives several items with the same input).
    public var input: String
    /// The text with the words that were read as date, time, duration, recurrence or tag removed.
    public var title: String
    public var kind: ItemKind
    public var date: LocalDate?
    public var time: ClockTime?
    /// The time is a rough guide (`lunchtime`, `after work`, `5ish`, `around 3pm`): the planner
    /// places the task near it, never as an appointment.
    public var timeIsApproximate = false
    public var minutes: Int?
    /// The shorter end of a length written as a range (`20-30 min`); `minutes` is the longer.
    public var shortestMinutes: Int?
    public var recurrence: Recurrence?
    /// The category forced by a `#deep`, `#admin`, `#health` or `#culture` tag.
    var categoryTag: Category?
    /// The part of the day the text names (`this evening`, `monday morning`, `first thing`).
    public var partOfDay: PartOfDay?
    /// The date is a deadline (`by end of next week`), not the day the task was set for.
    public var isDeadline = false
    /// Words that look like a date, time or repeat but were not read: they stay in the title,
    /// and the reader says so rather than keeping a silently wrong task.
    public var unread: [UnreadPhrase] = []
    /// How approximate whens were made concrete (`mid-january`: the 15th), to show the person.
    public var choices: [ReadChoice] = []

    init(
        input: String, title: String, kind: ItemKind, date: LocalDate? = nil, time: ClockTime? = nil,
        minutes: Int? = nil, recurrence: Recurrence? = nil, categoryTag: Category? = nil
    ) {
        self.input = input
        self.title = title
        self.kind = kind
        self.date = date
        self.time = time
        self.minutes = minutes
        self.recurrence = recurrence
        self.categoryTag = categoryTag
    }
}

/// A stretch of a line that looks like a when but was not read (`quarter past`, `midsummer`).
public struct UnreadPhrase: Sendable, Equatable, CustomStringConvertible {
    /// 1-based column of its first word in the line.
    let column: Int
    public let text: String
    /// Why it was not read.
    public let note: String

    /// The note of words no rule reads (`tmrw`, a second day), as against an impossible when
    /// (`feb 30`) whose note says what is wrong with it.
    public static let notRead = "looks like a date, time or repeat but was not read; it stays in the title"

    init(column: Int, text: String, note: String = notRead) {
        self.column = column
        self.text = text
        self.note = note
    }

    /// The words and why they were not read: `'feb 30' was not read: there is no February 30 …`.
    public var sentence: String { "'\(text)' \(note)" }

    public var description: String { "\(column): \(sentence)" }
}

/// How a when that names no single day or time was read (`mid-january`, `after lunch`).
public struct ReadChoice: Sendable, Equatable, CustomStringConvertible {
    /// 1-based column of the phrase's first word in the line.
    let column: Int
    public let note: String

    public var description: String { "\(column): \(note)" }
}

/// Text that looks like a date, time or duration but cannot be one (`25:00`, `feb 30`).
public struct CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// At line 1, the line captured; the column is of the offending word, 1-based.
    public let problem: SourceError

    init(column: Int, message: String) {
        problem = SourceError(line: 1, column: column, message: message)
    }

    public var column: Int { problem.column }
    public var message: String { problem.message }

    public var description: String { "\(column): \(message)" }
}
