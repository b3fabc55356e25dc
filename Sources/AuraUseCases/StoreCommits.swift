import AuraPlanner
import Dispatch
import Synchronization

/// Changes to one planner that arrive while another is being written, carried out together
/// (group commit; a folder's planner and a database row's alike): the first to come reads the planner once under its lock, applies every
/// change waiting in the order they came, writes once (one `fsync` a file for all) and only
/// then answers each. A change that throws leaves the planner as the others made it and gets
/// its error; one that cannot be written gets the write's. Who comes while a group is being
/// written waits for the next group, which the first of them carries out.
public final class StoreCommits: Sendable {
    /// One change and, once its group is written, what came of it.
    public final class Change: @unchecked Sendable {
        /// Applies the change to the store (and keeps its result where its caller looks); let go
        /// once the group is written, before the caller is woken, so it holds nothing of theirs.
        private var change: ((inout PlannerState) throws -> Void)?
        /// Set by the group's writer before `finished` is signalled; read by the change's caller after.
        public var failure: (any Error)?
        /// Set when the change is woken to carry out the next group rather than as done.
        var leads = false
        let finished = DispatchSemaphore(value: 0)

        public init(apply: @escaping (inout PlannerState) throws -> Void) {
            change = apply
        }

        public func apply(to state: inout PlannerState) throws {
            try change?(&state)
        }

        fileprivate func letGo() {
            change = nil
        }
    }

    private struct Queue {
        var waiting: [Change] = []
        var leading = false
    }

    private let queues = Mutex<[String: Queue]>([:])

    public init() {}

    /// `state` with each change of `group` applied in turn; one that throws is given its error
    /// and leaves the state as the others made it.
    public static func apply(_ group: [Change], to state: PlannerState) -> PlannerState {
        var state = state
        for member in group {
            var attempt = state
            do {
                try member.apply(to: &attempt)
                state = attempt
            } catch {
                member.failure = error
            }
        }
        return state
    }

    /// Carries out `change` with the others waiting on the planner at `path`: `write` is given the
    /// group and applies and saves it. Returns when `change`'s group is written; throws what
    /// failed it.
    public func commit(_ change: Change, path: String, write: ([Change]) throws -> Void) throws {
        let leads = queues.withLock { queues in
            queues[path, default: Queue()].waiting.append(change)
            guard !queues[path]!.leading else { return false }
            queues[path]!.leading = true
            return true
        }
        if !leads {
            change.finished.wait()
            if let failure = change.failure { throw failure }
            guard change.leads else { return }
        }
        let group = queues.withLock { queues in
            defer { queues[path]!.waiting = [] }
            return queues[path]!.waiting
        }
        do {
            try write(group)
        } catch {
            for member in group { member.failure = error }
        }
        for member in group { member.letGo() }
        // The next group, if any came meanwhile, is led by its first.
        queues.withLock { queues in
            if let next = queues[path]!.waiting.first {
                next.leads = true
                next.finished.signal()
            } else {
                queues[path] = nil
            }
        }
        for member in group where member !== change { member.finished.signal() }
        if let failure = change.failure { throw failure }
    }
}
