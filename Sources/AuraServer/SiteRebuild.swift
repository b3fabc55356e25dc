import AuraSite
import Dispatch
import Foundation
import Synchronization

/// A site build run to completion from a server thread, which is not part of Swift's
/// concurrency pool and so may wait for it.
enum SiteRebuild {
    static func run(_ options: BuildOptions) throws {
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                _ = try await SiteBuilder(options: options).build()
                outcome.withLock { $0 = .success(()) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        try outcome.withLock { $0 }?.get()
    }
}
