import AuraPlanner
import AuraServer
import AuraSite
import AuraUseCases
import Diagnostics
import Foundation

/// The options the planner commands share and what they name: the planner folder (with any
/// `--inbox`, `--store` or `--calendar` placed elsewhere), or with `--user` a person's planner
/// on a server (in the `--database` replicas share, or the `--state` folder's household), and
/// "today".
struct PlannerOptions {
    static let dateOptions: [CommandSpec.Option] = [
        .value("--date", "YYYY-MM-DD", "act as if today were this date (default: today in site.yml's time zone)"),
        .value("--today", "YYYY-MM-DD", "the same as --date")
    ]
    static let storeOption = CommandSpec.Option.value(
        "--store", "FILE", "task store (default: <content>/planner/tasks.json)")
    /// A person's planner on a server instead of the content folder's.
    static let personOptions: [CommandSpec.Option] = [
        .value("--user", "NAME", "act on this person's planner on aura serve (in --database, or the --state folder)"),
        ServerDatabase.option,
        .value("--state", "DIR", "with --user: the household server's state folder (default: .aura)")
    ]

    let planner: any PlannerStore
    /// The content folder whose `site.yml` the planner plans by.
    let content: URL
    let terminal: Terminal

    init(_ arguments: ParsedArguments, in terminal: Terminal, spec: CommandSpec) throws {
        content = terminal.url(for: arguments.value("--content") ?? "Content")
        self.terminal = terminal
        guard let name = arguments.value("--user") else {
            if arguments.value("--database") != nil {
                throw UsageError("--database needs --user NAME: whose planner?", spec: spec)
            }
            planner = PlannerFolder(
                content: content, inbox: arguments.value("--inbox").map(terminal.url(for:)),
                store: arguments.value("--store").map(terminal.url(for:)),
                calendar: arguments.value("--calendar").map(terminal.url(for:)))
            return
        }
        if let file = ["--inbox", "--store", "--calendar"].first(where: { arguments.value($0) != nil }) {
            throw UsageError(
                "\(file) names a file of a planner folder; --user names a person's planner: give one", spec: spec)
        }
        let state = ServerState(terminal.url(for: arguments.value("--state") ?? ".aura"))
        let database = try ServerDatabase(arguments, state: state, in: terminal, spec: spec)
        if case .sqlite(let path) = database, !FileManager.default.fileExists(atPath: path.path) {
            throw UsageError("no household server at \(displayPath(path)); give its --state or --database", spec: spec)
        }
        let (accounts, planners, _) = try database.open(content: content, state: state)
        guard let person = try accounts.person(named: name) else {
            throw UsageError("no one is called '\(name)'; 'aura user list' names everyone", spec: spec)
        }
        planner = try (planners ?? HouseholdPlanners(content: content, state: state))
            .planner(personID: person.id, isOwner: person.isOwner, preparing: true)
    }

    /// Says, once a second has passed, why a command is waiting for the content folder's lock.
    var waitNotice: @Sendable () -> Void {
        let folder = displayPath(content)
        return { [terminal] in terminal.printError("waiting for another aura command to finish with \(folder) …") }
    }

    static func dateGiven(_ arguments: ParsedArguments) -> Bool {
        arguments.value("--date") != nil || arguments.value("--today") != nil
    }

    /// `--date`/`--today`, else the clock's day in `timeZone`.
    func today(_ arguments: ParsedArguments, spec: CommandSpec, timeZone: TimeZone) throws -> LocalDate {
        try today(
            arguments, option: arguments.value("--date") == nil ? "--today" : "--date", spec: spec, timeZone: timeZone)
    }

    /// The date `option` gives, else the clock's day in `timeZone`.
    func today(_ arguments: ParsedArguments, option: String, spec: CommandSpec, timeZone: TimeZone) throws -> LocalDate
    {
        guard let text = arguments.value(option) else { return LocalDate(terminal.now(), in: timeZone) }
        return try Self.date(text, spec: spec)
    }

    /// A `YYYY-MM-DD` date given on the command line.
    static func date(_ text: String, spec: CommandSpec) throws -> LocalDate {
        guard let date = LocalDate(iso: text) else {
            throw UsageError("'\(text)' is not a date; expected YYYY-MM-DD, such as 2026-12-02", spec: spec)
        }
        return date
    }

    /// A day given as `YYYY-MM-DD` or in words capture reads (`friday`, `tomorrow`, `dec 10`),
    /// counted from `today`.
    static func day(_ text: String, from today: LocalDate, spec: CommandSpec) throws -> LocalDate {
        guard let day = CaptureParser(today: today).day(text) else {
            throw UsageError(
                "'\(text)' is not a day; expected YYYY-MM-DD or a day such as friday, tomorrow or dec 10", spec: spec)
        }
        return day
    }

    /// Says on standard error that `tasks` kept what they had, because each was changed later
    /// than this command (on a page, another device, another command); returns the exit status:
    /// 1 when any was refused, else 0.
    func refusing(_ tasks: [StoredTask], what: String) -> Int32 {
        for task in tasks {
            terminal.printError(
                "error: \(task.id) “\(task.title)” was changed later than this \(what); it keeps that change")
        }
        return tasks.isEmpty ? 0 : 1
    }

    /// The task actions on this planner; an id that names no task is a usage mistake.
    func act<Result>(spec: CommandSpec, _ action: (TaskActions) throws -> Result) throws -> Result {
        do {
            return try action(TaskActions(planner: planner))
        } catch let unknown as TaskActions.UnknownTask {
            throw UsageError("no task with id '\(unknown.id)'; 'aura plan' lists the ids", spec: spec)
        } catch let error as TaskStoreChangeError {
            throw UsageError(error.message, spec: spec)
        }
    }
}
