import AuraCalendar
import AuraPlanner
import Foundation

/// The calendar a person's days are planned around (`planner/calendar.ics`), replaced by one
/// they upload or one fetched from their calendar's address: kept only once libical reads all
/// of it, and then the planned days from now on are planned again around it.
public struct PersonalCalendar: Sendable {
    let planner: any PlannerStore

    public init(planner: any PlannerStore) {
        self.planner = planner
    }

    /// The largest calendar kept: years of a busy calendar fit in far less.
    public static let largestFile = 2 * 1024 * 1024

    /// A calendar that was not kept, and why (with the line and column libical stopped at).
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Keeps `data` (called `name` in what goes wrong) as the calendar and plans again around
    /// it; returns how many events it holds.
    @discardableResult
    public func replace(with data: Data, named name: String, now: Date) throws -> Int {
        guard data.count <= Self.largestFile else {
            throw Refused(description: "\(name) is \(data.count) bytes; a calendar may be up to 2 MB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Refused(description: "\(name) is not UTF-8 text; expected an iCalendar (.ics) file")
        }
        let calendar: ICSCalendar
        do {
            calendar = try ICSCalendar(text: text, floatingTimeZone: planner.settings().timeZone)
        } catch let error as InputError {
            throw Refused(description: "\(name):\(error.line):\(error.column): \(error.message)")
        }
        try change(to: text, now: now)
        return calendar.eventCount
    }

    /// Removes the calendar and plans again without it.
    public func remove(now: Date) throws {
        try change(to: nil, now: now)
    }

    /// Keeps `text` as the calendar (nil: none) and, in the same change, plans the current
    /// plan's days again from `now` around it.
    private func change(to text: String?, now: Date) throws {
        try planner.update { state in
            state.calendar = text
            try planner.replan(&state, touching: Set(state.plan?.days.map(\.date) ?? []), now: now)
        }
    }

    /// Whether the person has a calendar.
    public func exists() throws -> Bool { try planner.read().calendar != nil }
}
