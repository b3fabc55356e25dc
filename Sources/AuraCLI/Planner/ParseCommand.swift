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
            .flag("--json", "print one JSON object per item (JSON Lines)"),
        ],
        positionalCount: 1...Int.max)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = PlannerOptions(arguments, in: terminal)
        // Parsing needs only "today": site.yml's zone when there is one, else the system's.
        let zone = FileManager.default.fileExists(atPath: options.folder.content.appendingPathComponent("site.yml").path)
            ? try options.folder.settings().timeZone : TimeZone.current
        let parser = CaptureParser(today: try options.today(arguments, spec: spec, timeZone: zone))
        var errors: [SourceError] = []
        for (index, line) in arguments.positionals.enumerated() {
            do {
                for item in try parser.parse(line) {
                    let categorization = Categorizer().categorize(item)
                    terminal.print(arguments.flag("--json") ? item.jsonLine(categorization) : Self.describe(item, categorization))
                }
            } catch {
                errors.append(SourceError(file: "argument \(index + 1)", line: 1, column: error.column, message: error.message))
            }
        }
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return 0
    }

    static func describe(_ item: CapturedItem, _ categorization: Categorization) -> String {
        var facts = ["\(item.kind.rawValue)", "\(categorization.category.emoji) \(categorization.category.name) (\(categorization.reason))"]
        if let date = item.date { facts.append("date \(date.iso) (\(date.weekday.name))") }
        if let time = item.time { facts.append("at \(time)") }
        if let minutes = item.minutes { facts.append(durationText(minutes)) }
        if let recurrence = item.recurrence { facts.append("repeats \(recurrence.rrule)") }
        return "“\(item.title)” · " + facts.joined(separator: " · ")
    }
}
