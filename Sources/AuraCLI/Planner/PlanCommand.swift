import AuraCalendar
import AuraPlanner
import AuraSite
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
            PlannerFiles.storeOption,
            .value("--calendar", "FILE", "busy time to plan around (default: <content>/planner/calendar.ics)"),
        ] + PlannerFiles.dateOptions + [
            .flag("--json", "print the plan as JSON (schema in the README)"),
            .flag("--dry-run", "change no file: neither the store, the plan nor the inbox"),
            .flag("--build", "then render the site into Public/ (as 'aura build' does, with its options)"),
        ] + SiteBuild.options)

    /// The build options that mean something only with `--build` (`--quiet` also quiets the plan).
    private static let buildOnlyOptions = SiteBuild.options.map(\.name).filter { $0 != "--quiet" }

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let build = try SiteBuild(arguments, spec: spec, in: terminal)
        let dryRun = arguments.flag("--dry-run")
        if !arguments.flag("--build"), let option = Self.buildOnlyOptions.first(where: { arguments.value($0) != nil }) {
            throw UsageError("\(option) shapes the site build, so it needs --build", spec: spec)
        }
        if dryRun && arguments.flag("--build") {
            throw UsageError("--build publishes the new plan, so it cannot go with --dry-run", spec: spec)
        }
        let files = PlannerFiles(arguments, in: terminal)
        let settings = try files.settings()
        let day = try files.today(arguments, spec: spec, timeZone: settings.timeZone)
        // One plan at a time per content folder, and no add, done or snooze in the middle of one.
        let lock = try files.lock(exclusive: !dryRun)
        defer { lock?.release() }
        let storeURL = files.url(arguments, option: "--store", default: "tasks.json")
        var store = try files.loadStore(storeURL)
        var (inboxURL, inboxText) = try files.text(arguments, option: "--inbox", default: "inbox.md")
        if let undrained = store.undrainedInbox {
            // The last plan stopped after saving its capture, before draining the inbox: finish that first.
            inboxText = Inbox.finishingDrain(of: undrained, in: inboxText ?? "")
            store.undrainedInbox = nil
            if !dryRun {
                try AtomicFile.write(Data((inboxText ?? "").utf8), to: inboxURL)
                try files.saveStore(store, to: storeURL)
            }
        }
        let (calendarURL, calendarText) = try files.text(arguments, option: "--calendar", default: "calendar.ics")
        let entries: [Inbox.Entry]
        let calendar: ICSCalendar?
        do {
            entries = try Inbox.capture(inboxText ?? "", with: CaptureParser(today: day))
        } catch {
            return files.fail(PlannerFiles.sourceErrors(error.errors, in: inboxURL))
        }
        do {
            calendar = try calendarText.map { text throws(InputError) in try ICSCalendar(text: text, floatingTimeZone: settings.timeZone) }
        } catch {
            return files.fail(PlannerFiles.sourceErrors([error], in: calendarURL))
        }

        let captured = store.capture(entries.flatMap(\.items), on: day)
        store.rollForward(to: day)
        // Planning today starts from now; a date given explicitly is planned whole.
        let now = PlannerFiles.dateGiven(arguments) ? nil : terminal.now()
        let days = DayPlanner(settings: settings).planHorizon(store, from: day, now: now, calendar: calendar)
        let plan = days[0]

        if !dryRun {
            // Saving the store commits the capture; it remembers the inbox until the drain is done.
            if !entries.isEmpty { store.undrainedInbox = inboxText }
            try files.saveStore(store, to: storeURL)
            let snapshotURL = files.planner.appendingPathComponent(PlanSnapshot.fileName)
            let previous = try? PlanSnapshot.decode(Data(contentsOf: snapshotURL))
            try AtomicFile.write(PlanSnapshot(days: days, now: terminal.now(), previous: previous).encoded(), to: snapshotURL)
            if let inboxText, !entries.isEmpty {
                try AtomicFile.write(Data(Inbox.drained(inboxText).utf8), to: inboxURL)
                store.undrainedInbox = nil
                try files.saveStore(store, to: storeURL)
            }
        }
        lock?.release()  // the build takes it shared
        guard !build.quiet else {
            return arguments.flag("--build") ? try await build.run(in: terminal) : 0
        }
        if arguments.flag("--json") {
            terminal.write(String(decoding: plan.jsonData(), as: UTF8.self))
        } else {
            terminal.print(PlanText(plan).rendered)
        }
        let inboxPath = ContentFile.displayPath(inboxURL)
        var summary = captured.isEmpty ? "Nothing new in \(inboxPath)."
            : "Captured \(captured.count) item\(captured.count == 1 ? "" : "s") from \(inboxPath)"
                + (dryRun ? "." : " into \(ContentFile.displayPath(storeURL)).")
        if dryRun { summary += " Dry run: no file was changed." }
        if arguments.flag("--json") {
            terminal.printError(summary)
        } else {
            terminal.print("\n" + summary)
        }
        return arguments.flag("--build") ? try await build.run(in: terminal) : 0
    }
}
