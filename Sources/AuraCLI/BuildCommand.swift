import AuraSite
import Foundation

/// `aura build`: renders Content/ with Templates/ into Public/.
struct BuildCommand: Command {
    let spec = CommandSpec(
        name: "build",
        summary: "Render the site: Content/ and Templates/ into Public/, replaced atomically.",
        options: [SiteFolders.content] + BuildArguments.options)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        try await BuildArguments(arguments, spec: spec, in: terminal).run(in: terminal)
    }
}
