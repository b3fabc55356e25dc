import AuraPlanner
import AuraSite
import Foundation

/// `aura add`: quick capture — appends a line to the inbox after checking that it reads.
struct AddCommand: Command {
    let spec = CommandSpec(
        name: "add",
        summary: "Capture a task, memo or idea into the inbox: aura add \"call Sam friday\".",
        arguments: "[options] TEXT...",
        options: [
            SiteFolders.content,
            .value("--inbox", "FILE", "inbox to add to (default: <content>/planner/inbox.md)"),
        ] + PlannerFiles.dateOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let files = PlannerFiles(arguments, in: terminal)
        let lock = try files.lock(exclusive: true)
        defer { lock?.release() }
        let settings = try files.settings()
        let line = arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.contains(where: \.isNewline) else {
            throw UsageError("expected one line of text to capture, such as \"call Sam friday\"", spec: spec)
        }
        let parser = CaptureParser(today: try files.today(arguments, spec: spec, timeZone: settings.timeZone))
        let items: [CapturedItem]
        do {
            items = try parser.parse(line)
        } catch {
            return files.fail([SourceError(file: "text", line: 1, column: error.column, message: error.message)])
        }
        let inbox = files.url(arguments, option: "--inbox", default: "inbox.md")
        let existing = try files.textIfPresent(inbox) ?? ""
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.write(Data((existing + separator + line + "\n").utf8), to: inbox)
        for item in items {
            terminal.print("Added to \(ContentFile.displayPath(inbox)): " + ParseCommand.describe(item, Categorizer().categorize(item)))
        }
        return 0
    }
}
