/// The figures of a planned day that the site needs beyond the schedule itself, such as the
/// evening energy. Filled in from the planner's day; independent of the planner's types.
struct DaySummary: Sendable, Equatable {
    let date: String
    let deepMinutes: Int
    let loadMinutes: Int
    let capacityMinutes: Int
    /// When the last block ends, in minutes after midnight; `nil` when nothing is scheduled.
    let lastBlockEnd: Int?
}

/// Minutes after midnight as a 24-hour clock time: `18:30`.
func clockText(minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
}
