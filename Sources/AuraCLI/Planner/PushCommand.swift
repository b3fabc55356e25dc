import AuraPlanner
import AuraSite
import Foundation

/// `aura push`: moves today's unfinished one-off tasks to tomorrow.
struct PushCommand: Command {
    let spec = CommandSpec(
        name: "push",
        summary: "Move today's unfinished tasks to tomorrow.",
        options: [SiteFolders.content, PlannerFiles.storeOption] + PlannerFiles.dateOptions)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let files = PlannerFiles(arguments, in: terminal)
        let lock = try files.lock(exclusive: true)
        defer { lock?.release() }
        let day = try files.today(arguments, spec: spec, timeZone: try files.settings().timeZone)
        let storeURL = files.url(arguments, option: "--store", default: "tasks.json")
        var store = try files.existingStore(storeURL)
        // Tasks left from earlier days count as today's, as they would in the plan.
        store.rollForward(to: day)
        let moved = store.pushUnfinished(from: day)
        try files.saveStore(store, to: storeURL)
        guard !moved.isEmpty else {
            terminal.print("Nothing left to push from \(day.iso).")
            return 0
        }
        terminal.print("Moved to \(day.adding(days: 1).iso):")
        for id in moved {
            let task = store.tasks[store.index(of: id)!]
            terminal.print("  \(task.id)  \(task.category.emoji)  \(task.title)")
        }
        return 0
    }
}
