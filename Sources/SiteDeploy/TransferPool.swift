import Foundation
import Platform
import Synchronization

/// A small fixed number of threads, each with its own libcurl handle, working through a list
/// of items; the first failure stops the others from starting new items.
enum TransferPool {
    /// Threads at once: enough to hide a store's latency, few enough for any store's limits.
    static let width = 4

    /// Runs `work` on every item with a handle of its thread; the first error, if any.
    static func run<Item: Sendable>(
        _ items: [Item], _ work: @escaping @Sendable (Item, CurlHandle) throws(DeployError) -> Void
    ) throws(DeployError) {
        guard !items.isEmpty else { return }
        let state = Mutex<(next: Int, failure: DeployError?)>((0, nil))
        let group = DispatchGroup()
        for _ in 0..<min(width, items.count) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let handle: CurlHandle
                do {
                    handle = try CurlHandle()
                } catch {
                    state.withLock { $0.failure = $0.failure ?? DeployError("\(error)") }
                    return
                }
                while true {
                    let index: Int? = state.withLock { state in
                        guard state.failure == nil, state.next < items.count else { return nil }
                        state.next += 1
                        return state.next - 1
                    }
                    guard let index else { return }
                    do throws(DeployError) {
                        try work(items[index], handle)
                    } catch {
                        state.withLock { $0.failure = $0.failure ?? error }
                    }
                }
            }
            thread.start()
        }
        group.wait()
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }
}
