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
    public var minutes: Int?
    public var recurrence: Recurrence?
    /// The category forced by a `#deep`, `#admin`, `#health` or `#culture` tag.
    public var categoryTag: Category?

    public init(input: String, title: String, kind: ItemKind, date: LocalDate? = nil, time: ClockTime? = nil,
                minutes: Int? = nil, recurrence: Recurrence? = nil, categoryTag: Category? = nil) {
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

/// Text that looks like a date, time or duration but cannot be one (`25:00`, `feb 30`).
public struct CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// At line 1, the line captured; the column is of the offending word, 1-based.
    public let problem: SourceError

    public init(column: Int, message: String) {
        problem = SourceError(line: 1, column: column, message: message)
    }

    public var column: Int { problem.column }
    public var message: String { problem.message }

    public var description: String { "\(column): \(message)" }
}
