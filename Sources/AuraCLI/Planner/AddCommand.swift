import AuraPlanner
import AuraSite
import AuraUseCases
import Diagnostics
import Foundation

/// `aura add`: quick capture — appends a line to the inbox after checking that it reads.
struct AddCommand: Command {
    let spec = CommandSpec(
        name: "add",
        summary: "Capture a task, memo or idea into the inbox: aura add \"call Sam friday\".",
        arguments: "[options] TEXT...",
        options: [
            SiteFolders.content,
            .value("--inbox", "FILE", "inbox to add to (default: <content>/planner/inbox.md)")
        ] + PlannerOptions.personOptions + PlannerOptions.dateOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let line = arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.contains(where: \.isNewline) else {
            throw UsageError("expected one line of text to capture, such as \"call Sam friday\"", spec: spec)
        }
        let settings = try options.planner.settings()
        let today = try options.today(arguments, spec: spec, timeZone: settings.timeZone)
        let items: [CapturedItem]
        do {
            items = try QuickCapture(planner: options.planner).capture(
                [line], today: today, now: settings.clock(of: terminal.now(), on: today), onWait: options.waitNotice
            )[0]
        } catch let error as UnreadLines {
            throw error.problems[0].error.problem.located(in: "text")
        }
        let inbox = options.planner.location(of: .inbox)
        for item in items {
            terminal.print("Added to \(inbox): " + ParseCommand.describe(item, Categorizer().categorize(item)))
            for phrase in item.unread { terminal.printError("warning: text:1:\(phrase)") }
        }
        return 0
    }
}
