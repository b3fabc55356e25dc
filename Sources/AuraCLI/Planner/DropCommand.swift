import AuraPlanner
import AuraUseCases
import Foundation

/// `aura drop`: removes tasks that are no longer needed ('aura undo' brings them back).
struct DropCommand: Command {
    let spec = CommandSpec(
        name: "drop",
        summary: "Remove tasks that are no longer needed; 'aura undo' brings them back.",
        arguments: "[options] ID...",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.personOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let today = LocalDate(terminal.now(), in: try options.planner.settings().timeZone)
        let dropped = try options.act(spec: spec) { actions in
            try actions.drop(
                arguments.positionals, today: today, at: terminal.now().milliseconds, now: terminal.now(),
                onWait: options.waitNotice)
        }
        for task in dropped { terminal.print("Removed: " + TaskLine(task).text) }
        guard !dropped.isEmpty else {
            terminal.printError("error: nothing removed: each was changed later than this command, and stays")
            return 1
        }
        return 0
    }
}
