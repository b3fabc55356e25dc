/// A subcommand of `aura`. Each command lives in its own file and is listed in `Commands.all`.
public protocol Command: Sendable {
    var spec: CommandSpec { get }
    /// Runs the command; returns the process exit status. Throwing a `UsageError` exits 2,
    /// any other error is printed and exits 1.
    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32
}
