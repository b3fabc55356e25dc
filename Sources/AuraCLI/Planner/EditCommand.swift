import AuraPlanner
import AuraUseCases
import Foundation

/// `aura edit`: changes a task's words (read again as capture reads them), date, time, length
/// or category.
struct EditCommand: Command {
    let spec = CommandSpec(
        name: "edit",
        summary: "Change a task: new words (read as 'aura add' reads them), or --date, --at, --minutes, --category.",
        arguments: "[options] ID [WORDS]",
        options: [
            SiteFolders.content, PlannerOptions.storeOption,
            .value("--date", "YYYY-MM-DD", "the day the task is for"),
            .value("--at", "HH:MM", "the time it starts"),
            .value("--minutes", "N", "how long it takes"),
            .value("--category", "NAME", "deep-work, admin, health or culture"),
            .value("--today", "YYYY-MM-DD", "act as if today were this date (what 'friday' counts from)")
        ] + PlannerOptions.personOptions,
        positionalCount: 1...2)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let timeZone = try options.planner.settings().timeZone
        let today = try options.today(arguments, option: "--today", spec: spec, timeZone: timeZone)
        var edit = TaskEdit(words: arguments.positionals.count > 1 ? arguments.positionals[1] : nil)
        if let text = arguments.value("--date") { edit.date = try PlannerOptions.date(text, spec: spec) }
        if let text = arguments.value("--at") {
            guard let time = ClockTime(text) else {
                throw UsageError("'\(text)' is not a time of day; expected HH:MM, such as 09:30", spec: spec)
            }
            edit.time = time
        }
        if let text = arguments.value("--minutes") {
            guard let minutes = Int(text) ?? CaptureParser.duration(text) else {
                throw UsageError("'\(text)' is not a length; expected minutes, such as 45", spec: spec)
            }
            edit.minutes = minutes
        }
        if let text = arguments.value("--category") {
            guard let category = Category(rawValue: text) else {
                throw UsageError(
                    "'\(text)' is not a category; expected "
                        + Category.allCases.map(\.rawValue).joined(separator: ", "), spec: spec)
            }
            edit.category = category
        }
        guard !edit.isEmpty else {
            throw UsageError("nothing to change; give new words or --date, --at, --minutes or --category", spec: spec)
        }
        let (task, outcome) = try options.act(spec: spec) { actions in
            try actions.edit(
                arguments.positionals[0], edit, today: today, at: terminal.now().milliseconds, now: terminal.now(),
                onWait: options.waitNotice)
        }
        switch outcome {
        case .applied: terminal.print("Edited: " + TaskLine(task).text)
        case .unchanged: terminal.print("Unchanged: " + TaskLine(task).text)
        case .refused: return options.refusing([task], what: "edit")
        }
        return 0
    }
}
