import Foundation

#if !os(Linux)
    #error("Aura runs on Linux: renameat2, st_mtim, flock, inotify and libh2o are what it is built on")
#endif

#if DEBUG
    import Synchronization
#endif

/// Named moments in a build or a plan where a test can stop the process, so that a kill lands
/// exactly there instead of at a random time (Tests/Integrity). Only a debug build reads the
/// environment; in a release build `reached` does nothing.
///
/// - `AURA_PAUSE_TRACE=1` writes `aura: point NAME` to standard error at every point passed,
///   so a test learns which points a run passes and how often.
/// - `AURA_PAUSE_AT=NAME`, with `AURA_PAUSE_COUNT=N` (1 when unset), writes
///   `aura: paused at NAME` at the Nth pass of that point and stops the process (`SIGSTOP`),
///   for the test to look at what it left and then kill it or let it go on.
public enum PausePoint {
    /// Marks the point `name`; a name is the same at every pass.
    @inline(__always)
    public static func reached(_ name: @autoclosure () -> String) {
        #if DEBUG
            guard let request = PauseRequest.current else { return }
            request.pass(name())
        #endif
    }
}

#if DEBUG
    private final class PauseRequest: Sendable {
        static let current = PauseRequest(environment: ProcessInfo.processInfo.environment)

        private let trace: Bool
        private let target: String?
        private let count: Int
        private let passes = Mutex<[String: Int]>([:])

        private init?(environment: [String: String]) {
            trace = environment["AURA_PAUSE_TRACE"] == "1"
            target = environment["AURA_PAUSE_AT"].flatMap { $0.isEmpty ? nil : $0 }
            count = environment["AURA_PAUSE_COUNT"].flatMap(Int.init) ?? 1
            if !trace && target == nil { return nil }
        }

        func pass(_ name: String) {
            let pass = passes.withLock { passes in
                passes[name, default: 0] += 1
                return passes[name]!
            }
            if trace { say("aura: point \(name)\n") }
            if name == target && pass == count {
                say("aura: paused at \(name)\n")
                raise(SIGSTOP)
            }
        }

        /// One `write` a line, so lines from several threads never interleave.
        private func say(_ line: String) {
            var line = line
            line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
        }
    }
#endif
