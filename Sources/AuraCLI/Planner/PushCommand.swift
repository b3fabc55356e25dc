import AuraPlanner
import AuraUseCases
import Foundation

/// `aura push`: moves today's unfinished tasks to tomorrow.
struct PushCommand: Command {
    let spec = CommandSpec(
        name: "push",
        summary: "Move today's unfinished tasks to tomorrow.",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.dateOptions
            + PlannerOptions.personOptions)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let day = try options.today(arguments, spec: spec, timeZone: try options.planner.settings().timeZone)
        let moved = try options.act(spec: spec) { actions in
            try actions.push(from: day, at: terminal.now().milliseconds, onWait: options.waitNotice)
        }
        guard !moved.isEmpty else {
            terminal.print("Nothing left to push from \(day.iso).")
            return 0
        }
        terminal.print("Moved to \(day.adding(days: 1).iso):")
        for task in moved {
            terminal.print("  \(task.id)  \(task.category.emoji)  \(task.title)")
        }
        return 0
    }
}
