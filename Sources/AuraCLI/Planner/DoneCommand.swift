import AuraPlanner
import AuraSite
import Foundation

/// `aura done`: marks tasks finished (a recurring task, for today).
struct DoneCommand: Command {
    let spec = CommandSpec(
        name: "done",
        summary: "Mark tasks done by id (t12 or 12); a repeating task for today only.",
        arguments: "[options] ID...",
        options: [SiteFolders.content, PlannerFiles.storeOption] + PlannerFiles.dateOptions,
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let files = PlannerFiles(arguments, in: terminal)
        let lock = try files.lock(exclusive: true)
        defer { lock?.release() }
        let day = try files.today(arguments, spec: spec, timeZone: try files.settings().timeZone)
        let storeURL = files.url(arguments, option: "--store", default: "tasks.json")
        var store = try files.existingStore(storeURL)
        for id in arguments.positionals {
            do {
                try store.markDone(id, on: day)
            } catch {
                throw UsageError(error.message, spec: spec)
            }
        }
        try files.saveStore(store, to: storeURL)
        for id in arguments.positionals {
            let task = store.tasks[store.index(of: id)!]
            terminal.print("Done: \(task.id) “\(task.title)”" + (task.recurrence == nil ? "" : " (for \(day.iso))"))
        }
        return 0
    }
}
