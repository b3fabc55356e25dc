import AuraCLI
import Foundation
import Synchronization
import Testing

/// Paths of the project and its neighbour `../shared`.
enum Project {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let content = root.appendingPathComponent("Content")
    static let templates = root.appendingPathComponent("Templates")
    static let webcheck = root.deletingLastPathComponent().appendingPathComponent("shared/webcheck")

    /// Whether the outside checkers are here; under CI their absence is a failure, not a skip.
    static var hasWebcheck: Bool {
        let present = FileManager.default.fileExists(atPath: webcheck.appendingPathComponent("check_html.py").path)
        if !present && ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("../shared/webcheck is missing; CI must run the outside checkers")
        }
        return present
    }
}

/// A terminal that records what the tool prints.
final class RecordingTerminal: Sendable {
    private let output = Mutex(("", ""))

    var standardOutput: String { output.withLock { $0.0 } }
    var standardError: String { output.withLock { $0.1 } }

    func terminal(in directory: URL = Project.root, interactive: Bool = false) -> Terminal {
        Terminal(write: { text in self.output.withLock { $0.0 += text } },
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

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("aura-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every file under `folder` by relative path, with its bytes.
func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let prefix = folder.standardizedFileURL.path + "/"
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
    }
    return files
}

/// Runs an outside program; returns its exit status and combined output.
func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Builds the default site into a new temporary folder and returns the output folder.
func buildDefaultSite() async throws -> URL {
    let output = try temporaryFolder().appendingPathComponent("Public")
    let result = await aura(["build", "--content", Project.content.path, "--templates", Project.templates.path,
                             "--output", output.path, "--quiet"])
    #expect(result.status == 0, "build failed: \(result.err)")
    return output
}
