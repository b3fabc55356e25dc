import AuraSite
import AuraUseCases
import Diagnostics
import Foundation
import SiteEngine

/// A build as a command asks for it: the options that shape it, read from the arguments, and
/// the one library call behind them.
/// `aura build` and `aura plan --build` both use it, so every build option works in both.
struct BuildArguments {
    /// Every build option but `--content`, which each command lists itself.
    static let options: [CommandSpec.Option] = [
        SiteFolders.templates,
        SiteFolders.output,
        .value("--base-url", "URL", "publish under this address instead of site.yml's base_url"),
        .flag("--quiet", "print nothing but errors"),
        .flag("--timings", "after building, print how long each step took")
    ]

    let options: BuildOptions
    let quiet: Bool
    let timings: Bool

    /// Reads the build options; a malformed `--base-url` is a usage error of `spec`'s command.
    init(_ arguments: ParsedArguments, spec: CommandSpec, in terminal: Terminal) throws(UsageError) {
        var options = SiteFolders(arguments, in: terminal).buildOptions
        if let base = arguments.value("--base-url") {
            do {
                options.baseURL = try BaseURL.parse(base)
            } catch {
                throw UsageError("--base-url \(error.message)", spec: spec)
            }
        }
        self.options = options
        quiet = arguments.flag("--quiet")
        timings = arguments.flag("--timings")
    }

    /// Builds the site and prints one summary line (none when quiet) or every problem.
    func run(in terminal: Terminal) async throws -> Int32 {
        let progress = ProgressLine(terminal: terminal, enabled: !quiet && terminal.isInteractive)
        let steps = StepTimings()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let report = try await SiteBuilds.build(
                options,
                onWait: {
                    terminal.printError(
                        "waiting for another aura command to finish with \(displayPath(options.contentDirectory)) …")
                },
                progress: {
                    progress.update($0)
                    steps.record($0)
                },
                waiting: { message in terminal.printError(message) })
            progress.finish()
            if timings { for line in steps.lines(until: clock.now) { terminal.print(line) } }
            if !quiet {
                let elapsed = start.duration(to: clock.now)
                terminal.print(
                    "Built \(report.pageCount) pages (\(report.fileCount) files) in \(elapsed.milliseconds) ms → \(displayPath(options.outputDirectory))"
                )
                for notice in report.notices { terminal.print("note: \(notice)") }
            }
            return 0
        } catch let error as BuildError {
            progress.finish()
            for problem in error.problems { terminal.printError("error: \(problem)") }
            terminal.printError("  (while: \(error.step.lowercased()))")
            return 1
        }
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
