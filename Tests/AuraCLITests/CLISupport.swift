import AuraCLI
import AuraTestSupport
import Foundation
import Synchronization
import Testing

/// A terminal that records what the tool prints.
final class RecordingTerminal: Sendable {
    private let output = Mutex(("", ""))

    var standardOutput: String { output.withLock { $0.0 } }
    var standardError: String { output.withLock { $0.1 } }

    func terminal(in directory: URL = Project.root, interactive: Bool = false) -> Terminal {
        Terminal(
            write: { text in self.output.withLock { $0.0 += text } },
            writeError: { text in self.output.withLock { $0.1 += text } },
            isInteractive: interactive, currentDirectory: directory,
            environment: [:], now: { Date(timeIntervalSince1970: 1_796_000_000) })
    }
}

/// Runs `aura` in-process; returns the exit status and what it printed.
func aura(_ arguments: [String], interactive: Bool = false) async -> (status: Int32, out: String, err: String) {
    let recorder = RecordingTerminal()
    let status = await AuraTool().run(arguments, in: recorder.terminal(interactive: interactive))
    return (status, recorder.standardOutput, recorder.standardError)
}

/// Builds the default site into a new temporary folder and returns the output folder.
func buildDefaultSite() async throws -> URL {
    let output = try temporaryFolder().appendingPathComponent("Public")
    let result = await aura([
        "build", "--content", Project.content.path, "--templates", Project.templates.path,
        "--output", output.path, "--quiet"
    ])
    #expect(result.status == 0, "build failed: \(result.err)")
    return output
}
