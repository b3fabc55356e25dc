import Synchronization

/// Requests that wait on another service or read a person's whole calendar (a test push, a
/// calendar uploaded or fetched from its address): one at a time per person and `limit` at once
/// in all, so however many a person, or a crowd of new accounts, send at once, the request
/// workers stay free for everyone's pages. One that finds no room is refused at once, never
/// queued behind the others.
final class SlowWork: Sendable {
    enum Refusal: Error {
        /// The person's own earlier one is still running.
        case yoursRunning
        /// `limit` are running, other people's.
        case full

        /// The status to answer with (`Retry-After` says when to try again).
        var status: Int { self == .yoursRunning ? 429 : 503 }
        var sentence: String {
            self == .yoursRunning
                ? "Your last one is still on its way; try again in a few seconds."
                : "The server is busy with others' requests like this one; try again in a few seconds."
        }
    }

    let limit: Int
    private let running = Mutex<Set<Int64>>([])

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `work` for `personID` when there is room, else throws `Refusal`.
    func run<Result>(for personID: Int64, _ work: () throws -> Result) throws -> Result {
        try running.withLock { running throws(Refusal) in
            guard !running.contains(personID) else { throw .yoursRunning }
            guard running.count < limit else { throw .full }
            running.insert(personID)
        }
        defer { _ = running.withLock { $0.remove(personID) } }
        return try work()
    }
}
