import AuraPlanner
import AuraUseCases
import Foundation

/// `aura undo`: takes back the latest change made to tasks — from here, cron or a page.
struct UndoCommand: Command {
    let spec = CommandSpec(
        name: "undo",
        summary: "Take back the latest change to tasks, from here or a page (any action); again for the one before.",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.personOptions)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let undone = try options.act(spec: spec) { actions in
            try actions.undoLatest(at: terminal.now().milliseconds, now: terminal.now(), onWait: options.waitNotice)
        }
        terminal.print(undone.map { "Undone: \($0.summary)." } ?? "Nothing to undo.")
        return 0
    }
}
