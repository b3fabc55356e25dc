import AuraCLI
import AuraTestSupport
import Foundation
import Synchronization

/// A temporary site folder and a terminal that records what `aura` prints, with a fixed clock.
final class Sandbox: Sendable {
    let root: URL
    private let output = Mutex("")
    private let errors = Mutex("")
    static let now = PlannerMorning.now
    static let siteYAML = PlannerMorning.siteYAML

    init(inbox: String? = nil, calendar: String? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("aura-planner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Content/planner"), withIntermediateDirectories: true)
        try write(Self.siteYAML, to: "Content/site.yml")
        if let inbox { try write(inbox, to: "Content/planner/inbox.md") }
        if let calendar { try write(calendar, to: "Content/planner/calendar.ics") }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: url(path))
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    /// Runs `aura` with `arguments` in the sandbox; returns the exit status, standard output and error.
    func run(_ arguments: String...) async -> (status: Int32, out: String, err: String) {
        await run(arguments)
    }

    func run(_ arguments: [String], now: Date = Sandbox.now) async -> (status: Int32, out: String, err: String) {
        output.withLock { $0 = "" }
        errors.withLock { $0 = "" }
        let terminal = Terminal(
            write: { text in self.output.withLock { $0 += text } },
            writeError: { text in self.errors.withLock { $0 += text } },
            isInteractive: false, currentDirectory: URL(fileURLWithPath: root.path, isDirectory: true),
            environment: [:], now: { now })
        let status = await AuraTool().run(arguments, in: terminal)
        return (status, output.withLock { $0 }, errors.withLock { $0 })
    }
}
