import AuraSite
import Foundation
import SiteEngine
import Synchronization

/// A single self-overwriting status line on an interactive terminal: `[11/13] Render pages 120/400`,
/// `Deploying 12/40 assets/site.0123456789.css`.
final class ProgressLine: Sendable {
    private let terminal: Terminal
    private let enabled: Bool
    private let state = Mutex(State())

    private struct State {
        var stage = ""
        var lastDrawn = ContinuousClock.now - .seconds(1)
        var drawn = false
    }

    init(terminal: Terminal, enabled: Bool) {
        self.terminal = terminal
        self.enabled = enabled
    }

    /// Shows the new stage or page count; page counts are redrawn at most every 50 ms.
    @Sendable func update(_ progress: BuildProgress) {
        guard enabled else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            let text: String
            switch progress {
            case .stage(let number, let total, let name):
                state.stage = "[\(number)/\(total)] \(name)"
                text = state.stage
            case .pages(let rendered, let total):
                guard rendered == total || now - state.lastDrawn > .milliseconds(50) else { return }
                text = "\(state.stage) \(rendered)/\(total)"
            }
            state.lastDrawn = now
            state.drawn = true
            terminal.writeError("\r\u{1B}[2K" + text)
        }
    }

    /// Shows `text`, at most every 50 ms.
    @Sendable func show(_ text: String) {
        guard enabled else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            guard now - state.lastDrawn > .milliseconds(50) else { return }
            state.lastDrawn = now
            state.drawn = true
            terminal.writeError("\r\u{1B}[2K" + text)
        }
    }

    /// Clears the line so the summary or an error starts on a clean line.
    func finish() {
        guard enabled else { return }
        state.withLock { state in
            if state.drawn { terminal.writeError("\r\u{1B}[2K") }
            state.drawn = false
        }
    }
}
