import AuraSite
import Diagnostics
import Foundation

/// `aura new culture TITLE`: scaffolds a culture entry with every field.
struct NewCommand: Command {
    let spec = CommandSpec(
        name: "new",
        summary: "Create a content file with every field explained: aura new culture \"A Doll's House\".",
        arguments: "[options] culture TITLE",
        options: [SiteFolders.content],
        positionalCount: 2...2)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let (kind, title) = (arguments.positionals[0], arguments.positionals[1])
        guard kind == "culture" else {
            throw UsageError("unknown content kind '\(kind)'; expected 'culture'", spec: spec)
        }
        let slug = CultureScaffold.slug(for: title)
        guard !slug.isEmpty else {
            throw UsageError("the title '\(title)' has no letters or digits to name the file with", spec: spec)
        }
        let content = SiteFolders(arguments, in: terminal).buildOptions.contentDirectory
        let zone = (try? SiteConfiguration.load(contentDirectory: content))?.timeZone ?? TimeZone(identifier: "UTC")!
        let folder = content.appendingPathComponent(CultureLibrary.folderName)
        let file = folder.appendingPathComponent(slug + ".md")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            terminal.printError("error: \(displayPath(file)) already exists; edit it, or choose another title")
            return 1
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = CultureScaffold.text(title: title, date: Self.day(terminal.now(), in: zone))
        try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        terminal.print("Created \(displayPath(file)) — fill in its fields, then run 'aura check' or 'aura build'.")
        return 0
    }

    static func day(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
