import AuraPlanner
import Foundation

/// `aura done`: marks tasks finished (a recurring task, for today).
struct DoneCommand: Command {
    let spec = CommandSpec(
        name: "done",
        summary: "Mark tasks done by id (t12 or 12); a repeating task for today only.",
        arguments: "[options] ID...",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.dateOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = PlannerOptions(arguments, in: terminal)
        let day = try options.today(arguments, spec: spec, timeZone: try options.folder.settings().timeZone)
        let tasks = try options.changeStore(spec: spec) { (store: inout TaskStore) throws(TaskStoreChangeError) in
            for id in arguments.positionals { try store.markDone(id, on: day) }
            return arguments.positionals.map { store.tasks[store.index(of: $0)!] }
        }
        for task in tasks {
            terminal.print("Done: \(task.id) “\(task.title)”" + (task.recurrence == nil ? "" : " (for \(day.iso))"))
        }
        return 0
    }
}
