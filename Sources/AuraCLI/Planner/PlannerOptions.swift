import AuraPlanner
import AuraSite
import AuraUseCases
import Diagnostics
import Foundation

/// The options the planner commands share and what they name: the planner folder (with any
/// `--inbox`, `--store` or `--calendar` placed elsewhere) and "today".
struct PlannerOptions {
    static let dateOptions: [CommandSpec.Option] = [
        .value("--date", "YYYY-MM-DD", "act as if today were this date (default: today in site.yml's time zone)"),
        .value("--today", "YYYY-MM-DD", "the same as --date")
    ]
    static let storeOption = CommandSpec.Option.value(
        "--store", "FILE", "task store (default: <content>/planner/tasks.json)")

    let folder: PlannerFolder
    let terminal: Terminal

    init(_ arguments: ParsedArguments, in terminal: Terminal) {
        folder = PlannerFolder(
            content: terminal.url(for: arguments.value("--content") ?? "Content"),
            inbox: arguments.value("--inbox").map(terminal.url(for:)),
            store: arguments.value("--store").map(terminal.url(for:)),
            calendar: arguments.value("--calendar").map(terminal.url(for:)))
        self.terminal = terminal
    }

    /// Says, once a second has passed, why a command is waiting for the content folder's lock.
    var waitNotice: @Sendable () -> Void {
        let folder = displayPath(folder.content)
        return { [terminal] in terminal.printError("waiting for another aura command to finish with \(folder) …") }
    }

    static func dateGiven(_ arguments: ParsedArguments) -> Bool {
        arguments.value("--date") != nil || arguments.value("--today") != nil
    }

    /// `--date`/`--today`, else the clock's day in `timeZone`.
    func today(_ arguments: ParsedArguments, spec: CommandSpec, timeZone: TimeZone) throws -> LocalDate {
        guard let text = arguments.value("--date") ?? arguments.value("--today") else {
            return LocalDate(terminal.now(), in: timeZone)
        }
        guard let date = LocalDate(iso: text) else {
            throw UsageError("'\(text)' is not a date; expected YYYY-MM-DD, such as 2026-12-02", spec: spec)
        }
        return date
    }

    /// Runs a change of existing tasks under the lock; an unknown id is a usage mistake.
    func changeStore<Result>(spec: CommandSpec, _ change: (inout TaskStore) throws(TaskStoreChangeError) -> Result)
        throws -> Result
    {
        try folder.changeStore(onWait: waitNotice) { store in
            do throws(TaskStoreChangeError) {
                return try change(&store)
            } catch {
                throw UsageError(error.message, spec: spec)
            }
        }
    }
}
