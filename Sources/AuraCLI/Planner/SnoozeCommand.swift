import AuraPlanner
import AuraUseCases
import Foundation

/// `aura snooze`: keeps a task out of the plan until a while from now (15 minutes by default).
struct SnoozeCommand: Command {
    let spec = CommandSpec(
        name: "snooze",
        summary: "Hold a task back for a while from now (15m unless given).",
        arguments: "[options] ID [DURATION]",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.dateOptions
            + PlannerOptions.personOptions,
        positionalCount: 1...2)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let settings = try options.planner.settings()
        let written = arguments.positionals.count > 1 ? arguments.positionals[1] : "15m"
        guard let minutes = CaptureParser.duration(written) else {
            throw UsageError("'\(written)' is not a duration; expected one such as 15m, 1h or 90 min", spec: spec)
        }
        let now = terminal.now()
        let until: Date
        do throws(SnoozeLengthError) {
            until = try TaskChange.snoozeEnd(minutes: minutes, from: now)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let today = try options.today(arguments, spec: spec, timeZone: settings.timeZone)
        let outcome = try options.act(spec: spec) { actions in
            try actions.change(
                [arguments.positionals[0]], .snooze(until: until), day: today, today: today, at: now.milliseconds,
                onWait: options.waitNotice)
        }
        let day = settings.day(of: until)
        let clock = isoTimestamp(until, in: settings.timeZone).dropFirst(11).prefix(5)
        for task in outcome.tasks where outcome.applied.contains(task.id) {
            terminal.print(
                "Snoozed \(task.id) “\(task.title)” until \(clock)\(day == today ? "" : " on \(day.iso)")."
            )
        }
        return options.refusing(outcome.tasks.filter { !outcome.applied.contains($0.id) }, what: "snooze")
    }
}
