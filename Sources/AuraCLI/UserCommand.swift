import AuraServer
import AuraSite
import Foundation
import SiteEngine

/// `aura user add | list | remove | reset | invite | rotate-feed`: who may sign in to
/// `aura serve`, and the one-time links that let people join, recover and subscribe.
struct UserCommand: Command {
    let spec = CommandSpec(
        name: "user",
        summary:
            "Manage who may sign in to aura serve: add NAME, list, remove NAME, reset NAME, invite, rotate-feed NAME.",
        arguments: "[options] add NAME | list | remove NAME | reset NAME | invite | rotate-feed NAME",
        options: [
            .value("--state", "DIR", "the server's state folder (default: .aura)"),
            ServerDatabase.option,
            SiteFolders.content,
            .value(
                "--public-url", "URL",
                "the address people open the server at, for the links (default: base_url from site.yml)"),
            .flag("--password-stdin", "read the password from standard input instead of asking twice"),
            .flag("--replace", "set a new password for an existing name (signs out its sessions)")
        ],
        positionalCount: 1...2)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let state = ServerState(terminal.url(for: arguments.value("--state") ?? ".aura"))
        let content = SiteFolders(arguments, in: terminal).buildOptions.contentDirectory
        let (accounts, planners, _) = try ServerDatabase(arguments, state: state, in: terminal, spec: spec)
            .open(content: content, state: state)
        let positionals = arguments.positionals
        do {
            switch (positionals[0], positionals.count) {
            case ("list", 1):
                for person in try accounts.people() { terminal.print(person.name + (person.isOwner ? " (owner)" : "")) }
            case ("add", 2):
                return try add(positionals[1], accounts, arguments, terminal)
            case ("remove", 2):
                let person = try known(positionals[1], accounts)
                try accounts.remove(person)
                try (planners ?? HouseholdPlanners(content: content, state: state)).remove(personID: person.id)
                terminal.print("\(person.name) was removed, with their planner.")
            case ("reset", 2):
                let person = try known(positionals[1], accounts)
                guard let token = try accounts.resetToken(name: person.name, now: terminal.now()) else {
                    throw Accounts.AccountError(description: "no one is called '\(person.name)'")
                }
                terminal.print(try link("reset/?token=" + token, arguments, terminal))
                terminal.printError("This link sets a new password for \(person.name) once, within 30 minutes.")
            case ("invite", 1):
                terminal.print(
                    try link("signup/?invite=" + (try accounts.invite(now: terminal.now())), arguments, terminal))
                terminal.printError("This link lets one person sign up, within 7 days.")
            case ("rotate-feed", 2):
                let person = try known(positionals[1], accounts)
                terminal.print(
                    try link(
                        "feed/\(try accounts.rotateFeed(personID: person.id, now: terminal.now())).ics", arguments,
                        terminal))
                terminal.printError(
                    "\(person.name)'s calendar feed is at this address now; the one before no longer works.")
            default:
                throw UsageError(
                    "expected add NAME, list, remove NAME, reset NAME, invite or rotate-feed NAME", spec: spec)
            }
        } catch let error as Accounts.AccountError {
            terminal.printError("error: \(error)")
            return 1
        }
        return 0
    }

    private func known(_ name: String, _ accounts: Accounts) throws -> Accounts.Person {
        guard let person = try accounts.person(named: name) else {
            throw Accounts.AccountError(description: "no one is called '\(name)'; 'aura user list' shows who is")
        }
        return person
    }

    /// An address on the server: `--public-url`, else the site's base_url.
    private func link(_ path: String, _ arguments: ParsedArguments, _ terminal: Terminal) throws -> String {
        let base: URL
        if let text = arguments.value("--public-url") {
            do { base = try BaseURL.parse(text) } catch {
                throw UsageError("--public-url \(error.message)", spec: spec)
            }
        } else {
            base = try SiteConfiguration.load(
                contentDirectory: SiteFolders(arguments, in: terminal).buildOptions.contentDirectory
            ).baseURL
        }
        return base.absoluteString + path
    }

    private func add(_ name: String, _ accounts: Accounts, _ arguments: ParsedArguments, _ terminal: Terminal) throws
        -> Int32
    {
        let password: String
        if arguments.flag("--password-stdin") {
            guard let line = terminal.readLine(false) else {
                throw UsageError("--password-stdin found no line on standard input", spec: spec)
            }
            guard !line.isEmpty else {
                terminal.printError("error: the password is empty; nothing was changed")
                return 1
            }
            password = line
        } else {
            terminal.writeError("Password for \(name) (at least \(Accounts.minimumPasswordLength) characters): ")
            guard let first = terminal.readLine(true), !first.isEmpty else {
                terminal.printError("error: the password is empty; nothing was changed")
                return 1
            }
            terminal.writeError("The same again: ")
            guard first == terminal.readLine(true) else {
                terminal.printError("error: the two passwords differ; nothing was changed")
                return 1
            }
            password = first
        }
        try accounts.setPassword(
            name: name, password: password, replacing: arguments.flag("--replace"), now: terminal.now())
        terminal.print("\(name) may sign in to aura serve.")
        return 0
    }
}
