import AuraSite
import AuraUseCases
import Diagnostics
import Dispatch
import Foundation
import Platform
import SiteEngine
import Synchronization

/// Keeps a static build (`Public/`) current from the server, so that hosting it needs no cron:
/// a request starts a build in the background, or, while one runs, one more after it (all the
/// requests meanwhile come to that one build). Never two at once here; against `aura build`
/// and cron in other processes the output folder's lock (`OutputDirectory`) takes turns.
final class BackgroundBuild: Sendable {
    let options: BuildOptions
    private let queue = DispatchQueue(label: "aura.serve.publish")
    /// The planner's generation last built for, whether a build runs, and whether another must follow.
    private let state: Mutex<(generation: UInt64?, running: Bool, again: Bool)>

    init(options: BuildOptions, generation: UInt64?) {
        self.options = options
        state = Mutex((generation, false, false))
    }

    /// Builds when `generation` (the planner's) differs from the last one, or always without one.
    func request(generation: UInt64? = nil) {
        let start = state.withLock { state in
            if let generation {
                guard generation != state.generation else { return false }
                state.generation = generation
            }
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        if start { queue.async { self.buildUntilCurrent() } }
    }

    private func buildUntilCurrent() {
        repeat {
            do {
                try SiteBuilds.buildWaiting(options)
            } catch {
                let problems = (error as? BuildError)?.problems.joined(separator: "\n") ?? String(describing: error)
                FileHandle.standardError.write(
                    Data("aura serve: \(displayPath(options.outputDirectory)) was not rebuilt:\n\(problems)\n".utf8))
            }
        } while state.withLock { state in
            if state.again {
                state.again = false
                return true
            }
            state.running = false
            return false
        }
    }
}
