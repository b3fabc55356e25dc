import AuraPlanner
import AuraUseCases
import Foundation

/// `aura reflow`: when blocks of today have ended with tasks neither done nor snoozed, plans the
/// rest of today again from now around what is fixed (what `aura serve` does by itself), as a
/// change `aura undo` takes back. For cron: `*/15 * * * * aura reflow --build --quiet`.
struct ReflowCommand: Command {
    let spec = CommandSpec(
        name: "reflow",
        summary: "Plan the rest of today again when blocks passed undone; 'aura undo' puts the day back.",
        options: [SiteFolders.content, PlannerOptions.storeOption] + PlannerOptions.personOptions + [
            .flag("--build", "then render the site into Public/ (as 'aura build' does, with its options)")
        ] + BuildArguments.options)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let build = try BuildArguments(arguments, spec: spec, in: terminal)
        if !arguments.flag("--build"),
            let option = BuildArguments.options.map(\.name)
                .first(where: { $0 != "--quiet" && arguments.value($0) != nil })
        {
            throw UsageError("\(option) shapes the site build, so it needs --build", spec: spec)
        }
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        let now = terminal.now()
        let reflow = try options.act(spec: spec) { _ in
            try DayReflow(planner: options.planner).run(now: now, at: now.milliseconds, onWait: options.waitNotice)
        }
        if !build.quiet {
            if let reflow {
                terminal.print(
                    "Planned the rest of today again: "
                        + reflow.missed.map { "\($0.id) “\($0.title)”" }.joined(separator: ", ")
                        + " had passed undone. 'aura undo' puts the day back.")
                terminal.print(PlanText(reflow.day).rendered)
            } else {
                terminal.print("Nothing has passed undone: the day stays as planned.")
            }
        }
        return reflow != nil && arguments.flag("--build") ? try await build.run(in: terminal) : 0
    }
}
