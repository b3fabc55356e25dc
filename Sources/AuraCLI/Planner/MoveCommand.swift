import AuraPlanner
import AuraUseCases
import Foundation

/// `aura move`: moves tasks to another day.
struct MoveCommand: Command {
    let spec = CommandSpec(
        name: "move",
        summary: "Move tasks to another day (YYYY-MM-DD, or a day such as friday or tomorrow).",
        arguments: "[options] ID... DAY",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.dateOptions
            + PlannerOptions.personOptions,
        positionalCount: 2...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let today = try options.today(arguments, spec: spec, timeZone: try options.planner.settings().timeZone)
        let day = try PlannerOptions.day(arguments.positionals.last!, from: today, spec: spec)
        let moved = try options.act(spec: spec) { actions in
            try actions.move(
                Array(arguments.positionals.dropLast()), to: day, today: today, at: terminal.now().milliseconds,
                now: terminal.now(),
                onWait: options.waitNotice)
        }
        guard !moved.isEmpty else {
            terminal.printError("error: nothing moved: each was moved later than this command, and stays")
            return 1
        }
        terminal.print("Moved to \(day.iso):")
        for task in moved { terminal.print("  " + TaskLine(task).text) }
        return 0
    }
}
