import Dispatch

extension Array {
    /// `transform` applied to every index in `0..<count`, spread over every core; the results
    /// are in index order, so what is built from them does not depend on which core ran first.
    package init(concurrentlyMapping count: Int, _ transform: @Sendable (Int) -> Element) {
        guard count > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (base + index).initialize(to: transform(index))
            }
            initialized = count
        }
    }
}
