import AuraPlanner
import AuraSite
import Diagnostics
import Foundation
import SiteEngine

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
        let lines = arguments.positionals
        let json = arguments.flag("--json")
        // Lines are read on every core and printed in their order.
        let readings = [LineReading](concurrentlyMapping: lines.count) { index in
            Self.read(lines[index], source: "argument \(index + 1)", with: parser, json: json)
        }
        var errors: [SourceError] = []
        for reading in readings {
            switch reading {
            case .skipped(let message): terminal.printError(message)
            case .items(let items):
                for (text, warnings) in items {
                    terminal.print(text)
                    for warning in warnings { terminal.printError(warning) }
                }
            case .refused(let error): errors.append(error)
            }
        }
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return 0
    }

    /// What one line gives: a note that it is no item, each item's text and warnings, or an error.
    private enum LineReading: Sendable {
        case skipped(String)
        case items([(text: String, warnings: [String])])
        case refused(SourceError)
    }

    private static func read(_ line: String, source: String, with parser: CaptureParser, json: Bool) -> LineReading {
        // Read as the inbox reads a line: `- [ ] buy milk` is the task "buy milk".
        guard let body = Inbox.itemText(of: line[...]) else {
            return .skipped(
                "\(source): not an item (blank, a heading, a comment or a checked box); the inbox skips such a line")
        }
        do {
            return .items(
                try parser.parse(body).map { item in
                    let categorization = Categorizer().categorize(item)
                    return (
                        json ? item.jsonLine(categorization) : describe(item, categorization),
                        item.unread.map { "warning: \(source):1:\($0)" }
                    )
                })
        } catch {
            return .refused(SourceError(file: source, line: 1, column: error.column, message: error.message))
        }
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
