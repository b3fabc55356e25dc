import AuraSite
import Foundation
import SiteEngine
import Synchronization

/// How long each build step took and the memory in use when it began, for `--timings`: where a
/// slow or large build spends its time and its memory.
final class StepTimings: Sendable {
    private struct Step {
        let name: String
        let start: ContinuousClock.Instant
        /// Resident memory in MB when the step began; nil where the system does not say.
        let residentMB: Int?
    }

    private let steps = Mutex<[Step]>([])

    @Sendable func record(_ progress: BuildProgress) {
        guard case .stage(_, _, let name) = progress else { return }
        let step = Step(name: name, start: .now, residentMB: Self.residentMB())
        steps.withLock { $0.append(step) }
    }

    /// The `VmRSS` line of `/proc/self/status`, in MB.
    private static func residentMB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }

    /// One line per step that ran, `  123 ms   45 MB  Render pages`; the last runs until `end`.
    func lines(until end: ContinuousClock.Instant) -> [String] {
        let steps = steps.withLock { $0 }
        guard !steps.isEmpty else { return ["  no step ran: every input and output was as the last build left it"] }
        return steps.indices.map { index in
            let finished = index + 1 < steps.count ? steps[index + 1].start : end
            let milliseconds = steps[index].start.duration(to: finished).milliseconds
            let memory = steps[index].residentMB.map { Self.padded(String($0), to: 5) + " MB  " } ?? ""
            return Self.padded(String(milliseconds), to: 7) + " ms " + memory + steps[index].name
        }
    }

    private static func padded(_ figure: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - figure.count)) + figure
    }
}
