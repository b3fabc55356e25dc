import AuraSite
import Foundation

/// The `--content`, `--templates` and `--output` options shared by the commands that read the site.
struct SiteFolders {
    static let content = CommandSpec.Option.value("--content", "DIR", "content folder (default: Content)")
    static let templates = CommandSpec.Option.value("--templates", "DIR", "theme folder (default: Templates)")
    static let output = CommandSpec.Option.value("--output", "DIR", "output folder (default: Public)")

    let buildOptions: BuildOptions

    init(_ arguments: ParsedArguments, in terminal: Terminal) {
        buildOptions = BuildOptions(
            contentDirectory: terminal.url(for: arguments.value("--content") ?? "Content"),
            templatesDirectory: terminal.url(for: arguments.value("--templates") ?? "Templates"),
            outputDirectory: terminal.url(for: arguments.value("--output") ?? "Public"))
    }
}
