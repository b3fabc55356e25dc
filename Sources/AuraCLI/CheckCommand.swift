import AuraSite
import Foundation

/// `aura check`: validates everything `build` reads and writes nothing.
struct CheckCommand: Command {
    let spec = CommandSpec(
        name: "check",
        summary: "Validate site.yml, tokens, templates and every content file; write nothing.",
        options: [
            SiteFolders.content, SiteFolders.templates,
            .flag("--strict", "also report names a template uses that its view model never has")
        ])

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let options = SiteFolders(arguments, in: terminal).buildOptions
        let result = await SiteBuilder(options: options).check(strict: arguments.flag("--strict"))
        guard result.problems.isEmpty else {
            for problem in result.problems { terminal.printError("error: \(problem)") }
            terminal.printError("\(result.problems.count) problem\(result.problems.count == 1 ? "" : "s") found.")
            return 1
        }
        terminal.print("Checked \(result.pageCount) pages: no problems.")
        return 0
    }
}
