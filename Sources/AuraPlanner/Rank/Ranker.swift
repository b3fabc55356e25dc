/// Scores the day's tasks from 0 (can wait) to 1 (do first). The planner orders work and
/// picks the day's #1 from these scores; any ranker can stand in for the heuristic one.
public protocol Ranker: Sendable {
    /// A score in 0…1 for each task, keyed by task id.
    func scores(for tasks: [StoredTask], on day: LocalDate) -> [String: Double]
}

/// Honest confidence: whether the scores single out one task as the day's #1.
enum Confidence {
    /// When the top two scores are this close, no single task is presented as the #1.
    static let margin = 0.06

    /// False when the best two scores are within `margin` of each other, and when there is
    /// nothing to rank.
    static func singlesOutOne(_ scores: some Collection<Double>) -> Bool {
        let sorted = scores.sorted(by: >)
        guard let top = sorted.first else { return false }
        return sorted.count == 1 || !areTied(top, sorted[1])
    }

    /// Whether two scores are within `margin` of each other. Scores carry two decimals; the
    /// epsilon keeps a gap of exactly 0.06 "within".
    static func areTied(_ first: Double, _ second: Double) -> Bool {
        abs(first - second) <= margin + 1e-9
    }
}
