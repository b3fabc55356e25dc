import AuraPlanner
import AuraUseCases
import Diagnostics
import Foundation

/// `aura day`: prints a planned day as the last plan left it, without planning again.
struct DayCommand: Command {
    let spec = CommandSpec(
        name: "day",
        summary: "Print a day of the last plan (today unless given), without planning again.",
        arguments: "[options] [DAY]",
        options: [SiteFolders.content] + PlannerOptions.personOptions,
        positionalCount: 0...1)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let today = LocalDate(terminal.now(), in: try options.planner.settings().timeZone)
        let day = try arguments.positionals.first.map { try PlannerOptions.day($0, from: today, spec: spec) } ?? today
        guard let plan = try options.planner.read(onWait: options.waitNotice).plan else {
            terminal.printError(
                "error: \(options.planner.location(of: .plan)) holds no plan yet; run 'aura plan' to make one")
            return 1
        }
        guard let planned = plan.days.first(where: { $0.date == day }) else {
            let covered = plan.days.map(\.date)
            let span = covered.first.map { "\($0.iso) to \(covered.last!.iso)" } ?? "no day"
            terminal.printError(
                "error: the last plan covers \(span), not \(day.iso); run 'aura plan --date \(day.iso)' to plan it")
            return 1
        }
        terminal.print(PlanText(planned).rendered)
        return 0
    }
}
