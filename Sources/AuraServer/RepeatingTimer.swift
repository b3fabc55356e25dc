import Dispatch

/// Background work on a schedule of its own: `tick` runs every `interval` (first after one
/// interval), one run at a time, on a queue named `label`, until `stop` or release.
final class RepeatingTimer: Sendable {
    private let queue: DispatchQueue
    // Dispatch sources may be cancelled from any thread.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer

    init(label: String, every interval: DispatchTimeInterval, tick: @escaping @Sendable () -> Void) {
        queue = DispatchQueue(label: label)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        timer.setEventHandler(handler: tick)
        timer.resume()
    }

    func stop() { timer.cancel() }

    deinit { timer.cancel() }
}
