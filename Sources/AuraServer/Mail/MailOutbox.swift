import Foundation
import Synchronization

/// The mail the server sends on its own (reset links), one message at a time on a thread of its
/// own, never a request worker's, with at most `limit` in the outbox. When it is full a message
/// is not sent (a line on standard error says so; the person asks again), so a crowd of
/// `/forgot/` posts from many addresses against a slow mail server cannot pile up threads,
/// connections or memory.
final class MailOutbox: Sendable {
    let limit: Int
    private let queue = DispatchQueue(label: "aura.mail")
    /// Messages taken in and not yet sent or given up.
    private let inOutbox = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Sends by `send` after the messages before it, when there is room; false when there is not.
    func post(_ send: @escaping @Sendable () -> Void) -> Bool {
        let taken = inOutbox.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard taken else { return false }
        queue.async { [self] in
            send()
            inOutbox.withLock { $0 -= 1 }
        }
        return true
    }
}
