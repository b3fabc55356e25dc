import AuraSite
import Foundation

/// `aura build`: renders Content/ with Templates/ into Public/.
struct BuildCommand: Command {
    let spec = CommandSpec(
        name: "build",
        summary: "Render the site: Content/ and Templates/ into Public/, replaced atomically.",
        options: SiteFolders.options + [
            .value("--base-url", "URL", "publish under this address instead of site.yml's base_url"),
            .flag("--quiet", "print nothing but errors"),
        ])

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        var options = SiteFolders(arguments, in: terminal).buildOptions
        if let base = arguments.value("--base-url") {
            guard let url = URL(string: base.hasSuffix("/") ? base : base + "/"), url.scheme != nil, url.host != nil else {
                throw UsageError("--base-url expects an absolute address such as https://aura.example/, got '\(base)'", spec: spec)
            }
            options.baseURL = url
        }
        let quiet = arguments.flag("--quiet")
        let progress = ProgressLine(terminal: terminal, enabled: !quiet && terminal.isInteractive)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let report = try await SiteBuilder(options: options).build(progress: progress.update)
            progress.finish()
            if !quiet {
                let elapsed = start.duration(to: clock.now)
                terminal.print("Built \(report.pageCount) pages (\(report.fileCount) files) in \(elapsed.milliseconds) ms → \(ContentFile.displayPath(options.outputDirectory))")
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
