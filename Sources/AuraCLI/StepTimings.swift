import AuraSite
import Synchronization

/// How long each build step took, for `--timings`: where a slow build spends its time.
final class StepTimings: Sendable {
    private struct Step {
        let name: String
        let start: ContinuousClock.Instant
    }

    private let steps = Mutex<[Step]>([])

    @Sendable func record(_ progress: BuildProgress) {
        guard case .stage(_, _, let name) = progress else { return }
        steps.withLock { $0.append(Step(name: name, start: .now)) }
    }

    /// One line per step that ran, `  123 ms  Render pages`; the last runs until `end`.
    func lines(until end: ContinuousClock.Instant) -> [String] {
        let steps = steps.withLock { $0 }
        guard !steps.isEmpty else { return ["  no step ran: every input and output was as the last build left it"] }
        return steps.indices.map { index in
            let finished = index + 1 < steps.count ? steps[index + 1].start : end
            let milliseconds = steps[index].start.duration(to: finished).milliseconds
            let figure = String(milliseconds)
            return String(repeating: " ", count: max(0, 7 - figure.count)) + figure + " ms  " + steps[index].name
        }
    }
}
