import Foundation

/// Each person's planner actions one at a time, and few of them waiting: a person's store is
/// locked for one change at a time anyway, so more at once would only hold request workers
/// waiting on that lock. One person's slow Plan My Day (a heavy calendar) then holds at most
/// `1 + waitingLimit` of the request workers, and never delays anyone else's action.
final class PersonTurns: @unchecked Sendable {
    /// An action refused because the person already has `1 + waitingLimit` on their way.
    struct Crowded: Error {
        /// Seconds to wait before sending it again (`Retry-After`).
        static let retryAfter = 1
    }

    let waitingLimit: Int
    /// Guards `onTheirWay` and `running`.
    private let condition = NSCondition()
    /// Actions taken in, running or waiting, by person.
    private var onTheirWay: [Int64: Int] = [:]
    private var running: Set<Int64> = []

    init(waitingLimit: Int) {
        self.waitingLimit = waitingLimit
    }

    /// Runs `work` once the person's earlier actions are done; throws `Crowded` at once when
    /// `waitingLimit` of theirs are already waiting.
    func take<Result>(for personID: Int64, _ work: () throws -> Result) throws -> Result {
        condition.lock()
        let taken = onTheirWay[personID, default: 0]
        guard taken <= waitingLimit else {
            condition.unlock()
            throw Crowded()
        }
        onTheirWay[personID] = taken + 1
        while running.contains(personID) { condition.wait() }
        running.insert(personID)
        condition.unlock()
        defer {
            condition.lock()
            running.remove(personID)
            let left = onTheirWay[personID, default: 1] - 1
            onTheirWay[personID] = left > 0 ? left : nil
            condition.broadcast()
            condition.unlock()
        }
        return try work()
    }
}
