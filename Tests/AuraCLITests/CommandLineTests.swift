import AuraCLI
import AuraTestSupport
import SiteEngine
import Testing

/// How `aura` answers mistakes and requests for help.
struct CommandLineTests {
    @Test func unknownCommandIsAOneLineErrorPlusUsage() async {
        let result = await aura(["biuld"])
        #expect(result.status == 2)
        let lines = result.err.split(separator: "\n")
        #expect(lines.first == "error: unknown command 'biuld'")
        #expect(lines.dropFirst().first?.hasPrefix("usage: aura <command>") == true)
        #expect(result.out.isEmpty)
    }

    @Test func unknownOptionNamesItAndTheCommand() async {
        let result = await aura(["build", "--ouput", "x"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: unknown option '--ouput' for 'aura build'\nusage: aura build [options]"))
    }

    @Test func optionWithoutItsValue() async {
        let result = await aura(["build", "--content"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: option '--content' expects a value (DIR)"))
    }

    @Test func unexpectedPositionalArgument() async {
        let result = await aura(["build", "extra"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: 'aura build' expects no arguments, got 1"))
    }

    @Test func badBaseURLIsAUsageError() async {
        let result = await aura(["build", "--base-url", "not-a-url"])
        #expect(result.status == 2)
        #expect(result.err.contains("--base-url expects an absolute address"))
    }

    @Test func noArgumentsPrintsOverviewAndFails() async {
        let result = await aura([])
        #expect(result.status == 2)
        #expect(result.err.contains("usage: aura <command> [options]"))
    }

    @Test func versionAndHelp() async {
        let version = await aura(["--version"])
        #expect(version.status == 0)
        #expect(version.out == "aura \(AuraTool.version)\n")

        let help = await aura(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("  build"))

        for arguments in [["help", "build"], ["build", "--help"]] {
            let result = await aura(arguments)
            #expect(result.status == 0)
            #expect(result.out.contains("usage: aura build [options]"))
            for option in ["--content DIR", "--templates DIR", "--output DIR", "--base-url URL", "--quiet"] {
                #expect(result.out.contains(option), "help lacks \(option)")
            }
        }
        #expect(await aura(["help", "nope"]).status == 2)
    }

    @Test func missingContentFolderIsAContentError() async throws {
        let output = try temporaryFolder()
        let result = await aura([
            "build", "--content", output.appendingPathComponent("nowhere").path,
            "--output", output.appendingPathComponent("Public").path
        ])
        #expect(result.status == 1)
        #expect(result.err.contains("site.yml:1:1: cannot open: no such file"))
    }
}
