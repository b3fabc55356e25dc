import AuraServer
import Foundation

/// `aura user add NAME` / `aura user list`: who may sign in to `aura serve`.
struct UserCommand: Command {
    let spec = CommandSpec(
        name: "user",
        summary: "Manage who may sign in to aura serve: aura user add NAME, aura user list.",
        arguments: "[options] add NAME | list",
        options: [
            .value("--state", "DIR", "the server's state folder (default: .aura)"),
            .flag("--password-stdin", "read the password from standard input instead of asking twice"),
            .flag("--replace", "set a new password for an existing name (signs out its sessions)"),
        ],
        positionalCount: 1...2)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let accounts = try Accounts(path: ServerState(terminal.url(for: arguments.value("--state") ?? ".aura")).accountsDatabase)
        switch (arguments.positionals[0], arguments.positionals.count) {
        case ("list", 1):
            for name in try accounts.names() { terminal.print(name) }
            return 0
        case ("add", 2):
            let name = arguments.positionals[1]
            let password: String
            if arguments.flag("--password-stdin") {
                guard let line = terminal.readLine(false) else { throw UsageError("--password-stdin found no line on standard input", spec: spec) }
                password = line
            } else {
                terminal.writeError("Password for \(name) (at least \(Accounts.minimumPasswordLength) characters): ")
                let first = terminal.readLine(true)
                terminal.writeError("The same again: ")
                guard let first, first == terminal.readLine(true) else {
                    terminal.printError("error: the two passwords differ; nothing was changed")
                    return 1
                }
                password = first
            }
            do {
                try accounts.setPassword(name: name, password: password, replacing: arguments.flag("--replace"), now: terminal.now())
            } catch let error as Accounts.AccountError {
                terminal.printError("error: \(error)")
                return 1
            }
            terminal.print("\(name) may sign in to aura serve.")
            return 0
        default:
            throw UsageError("expected 'add NAME' or 'list'", spec: spec)
        }
    }
}
