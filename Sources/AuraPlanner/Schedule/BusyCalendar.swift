import Foundation

/// A stretch of time someone else already owns, such as a meeting from an imported calendar.
public struct BusyInterval: Sendable, Equatable {
    let start: Date
    let end: Date
    let title: String

    public init(start: Date, end: Date, title: String) {
        self.start = start
        self.end = end
        self.title = title
    }
}

/// A source of busy time (an ICS file, a test double). The planner asks it for one day.
public protocol BusyCalendar: Sendable {
    /// Every busy interval that overlaps `start..<end`, in any order.
    func busyIntervals(from start: Date, to end: Date) -> [BusyInterval]
}
