import AuraSite
import Diagnostics
import Foundation

/// The `aura` command line: dispatches to a subcommand and maps failures to exit statuses
/// (0 success, 1 content or runtime error, 2 usage error).
public struct AuraTool: Sendable {
    public static let version = "0.1.0"
    let commands: [any Command]

    public init(commands: [any Command] = Commands.all) {
        self.commands = commands
    }

    /// Runs `aura` with `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String], in terminal: Terminal) async -> Int32 {
        guard let first = arguments.first else {
            terminal.printError(overview)
            return 2
        }
        switch first {
        case "--help", "-h":
            terminal.print(overview)
            return 0
        case "--version", "-V":
            terminal.print("aura \(Self.version)")
            return 0
        case "help":
            return help(for: Array(arguments.dropFirst()), in: terminal)
        default:
            guard let command = command(named: first) else {
                return fail(UsageError("unknown command '\(first)'", usage: usage), in: terminal)
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                terminal.print(command.spec.help)
                return 0
            }
            do {
                let parsed = try ParsedArguments(rest, spec: command.spec)
                return try await command.run(parsed, in: terminal)
            } catch let error as UsageError {
                return fail(error, in: terminal)
            } catch let errors as SourceErrors {
                for error in errors.errors { terminal.printError("error: \(error)") }
                return 1
            } catch {
                terminal.printError("error: \(error)")
                return 1
            }
        }
    }

    private func help(for topic: [String], in terminal: Terminal) -> Int32 {
        guard let name = topic.first else {
            terminal.print(overview)
            return 0
        }
        guard let command = command(named: name) else {
            return fail(UsageError("no help for unknown command '\(name)'", usage: usage), in: terminal)
        }
        terminal.print(command.spec.help)
        return 0
    }

    private func fail(_ error: UsageError, in terminal: Terminal) -> Int32 {
        terminal.printError("error: \(error.message)\n\(error.usage)")
        return 2
    }

    private func command(named name: String) -> (any Command)? {
        commands.first { $0.spec.name == name }
    }

    private var usage: String {
        "usage: aura <command> [options]   (commands: \(commands.map(\.spec.name).joined(separator: ", ")))\n"
            + "Run 'aura --help' for details."
    }

    private var overview: String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let rows = commands.map {
            "  " + $0.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.spec.summary
        }
        return
            ([
                "Aura \(Self.version): turns tasks, memos and ideas into a calm day, and renders it as a static site or serves it live.",
                "",
                "usage: aura <command> [options]",
                "",
                "commands:"
            ] + rows + [
                "",
                "  aura help <command>   options of one command",
                "  aura --version        print the version"
            ]).joined(separator: "\n")
    }
}
