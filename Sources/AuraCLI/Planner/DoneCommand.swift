import AuraPlanner
import AuraUseCases
import Foundation

/// `aura done`: marks tasks finished (a recurring task, for the day).
struct DoneCommand: Command {
    let spec = CommandSpec(
        name: "done",
        summary: "Mark tasks done by id (t12 or 12); a repeating task for today (or --date) only.",
        arguments: "[options] ID...",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.dateOptions
            + PlannerOptions.personOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let day = try options.today(arguments, spec: spec, timeZone: try options.planner.settings().timeZone)
        let outcome = try options.act(spec: spec) { actions in
            try actions.change(
                arguments.positionals, .done, day: day, today: day, at: terminal.now().milliseconds,
                onWait: options.waitNotice)
        }
        let refused = outcome.tasks.filter { !outcome.applied.contains($0.id) }
        for task in outcome.tasks where outcome.applied.contains(task.id) {
            terminal.print("Done: \(task.id) “\(task.title)”" + (task.recurrence == nil ? "" : " (for \(day.iso))"))
        }
        return options.refusing(refused, what: "done")
    }
}
