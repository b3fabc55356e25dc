import AuraPlanner
import AuraSite
import AuraUseCases
import Diagnostics
import Foundation

/// `aura plan`: Plan My Day. Drains the inbox into the task store, rolls unfinished tasks
/// forward, and prints the time-blocked day (or its JSON).
struct PlanCommand: Command {
    let spec = CommandSpec(
        name: "plan",
        summary: "Plan My Day: capture the inbox, then rank and time-block the day around the calendar.",
        options: [
            SiteFolders.content,
            .value("--inbox", "FILE", "inbox to capture (default: <content>/planner/inbox.md)"),
            PlannerOptions.storeOption,
            .value("--calendar", "FILE", "busy time to plan around (default: <content>/planner/calendar.ics)")
        ] + PlannerOptions.personOptions + PlannerOptions.dateOptions + [
            .flag("--json", "print the plan as JSON (schema in the README)"),
            .flag("--dry-run", "change no file: neither the store, the plan nor the inbox"),
            .flag("--build", "then render the site into Public/ (as 'aura build' does, with its options)")
        ] + BuildArguments.options)

    /// The build options that mean something only with `--build` (`--quiet` also quiets the plan).
    private static let buildOnlyOptions = BuildArguments.options.map(\.name).filter { $0 != "--quiet" }

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let build = try BuildArguments(arguments, spec: spec, in: terminal)
        let dryRun = arguments.flag("--dry-run")
        if !arguments.flag("--build"), let option = Self.buildOnlyOptions.first(where: { arguments.value($0) != nil }) {
            throw UsageError("\(option) shapes the site build, so it needs --build", spec: spec)
        }
        if dryRun && arguments.flag("--build") {
            throw UsageError("--build publishes the new plan, so it cannot go with --dry-run", spec: spec)
        }
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let settings = try options.planner.settings()
        let day = try options.today(arguments, spec: spec, timeZone: settings.timeZone)
        guard day <= PlanSnapshot.latestStart else {
            throw UsageError(
                "'\(day.iso)' is too late to plan: a plan covers \(PlanSnapshot.horizon) days and dates end at "
                    + "\(LocalDate.latestYear)-12-31; expected a date up to \(PlanSnapshot.latestStart.iso)", spec: spec
            )
        }
        // Planning today starts from now; a date given explicitly is planned whole.
        let now = PlannerOptions.dateGiven(arguments) ? nil : terminal.now()
        let outcome = try PlanMyDay(planner: options.planner)
            .run(day: day, from: now, clock: terminal.now(), dryRun: dryRun, onWait: options.waitNotice)
        let plan = outcome.days[0]
        // Quiet, as cron runs it, the warnings are left to the planner page, which shows them by each task.
        guard !build.quiet else {
            return arguments.flag("--build") ? try await build.run(in: terminal) : 0
        }
        for warning in outcome.warnings { terminal.printError("warning: \(warning)") }
        if arguments.flag("--json") {
            terminal.write(String(decoding: plan.jsonData(), as: UTF8.self))
        } else {
            terminal.print(PlanText(plan).rendered)
        }
        let inboxPath = options.planner.location(of: .inbox)
        let captured = outcome.captured.count
        var summary =
            captured == 0
            ? "Nothing new in \(inboxPath)."
            : "Captured \(captured) item\(captured == 1 ? "" : "s") from \(inboxPath)"
                + (dryRun ? "." : " into \(options.planner.location(of: .store)).")
        if let evening = Self.eveningSummary(outcome) { summary += "\n" + evening }
        if dryRun { summary += " Dry run: no file was changed." }
        if arguments.flag("--json") {
            terminal.printError(summary)
        } else {
            terminal.print("\n" + summary)
        }
        return arguments.flag("--build") ? try await build.run(in: terminal) : 0
    }

    /// After the window: which days the plan covers, and what moved to tomorrow.
    private static func eveningSummary(_ outcome: PlanMyDay.Outcome) -> String? {
        let plan = outcome.days[0]
        let moved = outcome.movedToTomorrow.count
        let next = plan.date.adding(days: 1)
        let tomorrow = "\(next.weekday.name) \(next.iso)"
        let movedText =
            moved == 0
            ? "nothing was left to move to tomorrow (\(tomorrow))."
            : "moved \(moved) task\(moved == 1 ? "" : "s") to tomorrow, \(tomorrow) (aura day tomorrow)."
        switch outcome.planned {
        case .day: return nil
        case .tonightAndTomorrow:
            return "The day window has closed: planned the evening until \(ClockTime.format(plan.window.end)); "
                + movedText
        case .tomorrow:
            return "It is past bedtime (\(ClockTime.format(plan.window.end))): " + movedText
        }
    }
}
