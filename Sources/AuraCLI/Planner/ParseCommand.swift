import AuraPlanner
import AuraSite
import Diagnostics
import Foundation

/// `aura parse`: shows what capture reads in each line, without touching any file.
struct ParseCommand: Command {
    let spec = CommandSpec(
        name: "parse",
        summary: "Show what capture reads in each line: date, time, duration, repeat and category.",
        arguments: "[options] LINE...",
        options: [SiteFolders.content] + PlannerOptions.dateOptions + [
            .value(
                "--now", "HH:MM",
                "the time now, which 'in an hour' counts from (default: the clock's, unless --date is given)"),
            .flag("--json", "print one JSON object per item (JSON Lines)")
        ],
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = try PlannerOptions(arguments, in: terminal, spec: spec)
        // Parsing needs "today" and the capture conventions: site.yml's when there is one, else
        // the system's zone and the default conventions.
        let settings =
            FileManager.default.fileExists(atPath: options.content.appendingPathComponent("site.yml").path)
            ? try options.planner.settings() : nil
        let zone = settings?.timeZone ?? TimeZone.current
        let today = try options.today(arguments, spec: spec, timeZone: zone)
        let parser = CaptureParser(
            today: today, now: try now(arguments, terminal: terminal, zone: zone, today: today),
            settings: settings?.capture ?? CaptureSettings())
        var errors: [SourceError] = []
        for (index, line) in arguments.positionals.enumerated() {
            let source = "argument \(index + 1)"
            // Read as the inbox reads a line: `- [ ] buy milk` is the task "buy milk".
            guard let body = Inbox.itemText(of: line[...]) else {
                terminal.printError(
                    "\(source): not an item (blank, a heading, a comment or a checked box); the inbox skips such a line"
                )
                continue
            }
            do {
                for item in try parser.parse(body) {
                    let categorization = Categorizer().categorize(item)
                    terminal.print(
                        arguments.flag("--json") ? item.jsonLine(categorization) : Self.describe(item, categorization))
                    for phrase in item.unread { terminal.printError("warning: \(source):1:\(phrase)") }
                }
            } catch {
                errors.append(SourceError(file: source, line: 1, column: error.column, message: error.message))
            }
        }
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return 0
    }

    /// `--now`, else the clock's time unless a date was given (a day named is read without a clock).
    private func now(_ arguments: ParsedArguments, terminal: Terminal, zone: TimeZone, today: LocalDate) throws
        -> ClockTime?
    {
        if let text = arguments.value("--now") {
            guard let time = ClockTime(text) else {
                throw UsageError("'\(text)' is not a time of day; expected HH:MM, such as 09:30", spec: spec)
            }
            return time
        }
        guard !PlannerOptions.dateGiven(arguments) else { return nil }
        return PlannerSettings(timeZone: zone, window: MinuteSpan(start: 0, end: 0)).clock(
            of: terminal.now(), on: today)
    }

    static func describe(_ item: CapturedItem, _ categorization: Categorization) -> String {
        var facts = [
            "\(item.kind.rawValue)",
            "\(categorization.category.emoji) \(categorization.category.name) (\(categorization.reason))"
        ]
        if let date = item.date {
            facts.append("\(item.isDeadline ? "due" : "date") \(date.iso) (\(date.weekday.name))")
        }
        if let part = item.partOfDay { facts.append("in the \(part.rawValue)") }
        if let time = item.time { facts.append("at \(time)") }
        if let minutes = item.minutes {
            facts.append(
                item.shortestMinutes.map { durationText(from: $0, to: minutes) } ?? durationText(minutes))
        }
        if let recurrence = item.recurrence { facts.append("repeats \(recurrence.rrule)") }
        if !item.choices.isEmpty { facts.append(item.choices.map(\.note).joined(separator: " · ")) }
        if !item.unread.isEmpty {
            facts.append("unread: " + item.unread.map { "‘\($0.text)’" }.joined(separator: ", "))
        }
        return "“\(item.title)” · " + facts.joined(separator: " · ")
    }
}
