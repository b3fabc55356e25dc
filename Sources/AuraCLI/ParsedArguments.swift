/// The options and positional arguments given to one command, checked against its `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    public private(set) var values: [String: String] = [:]
    /// Every value of each option, in order, for the options that may be given more than once.
    public private(set) var repeated: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []

    /// Parses `arguments` (everything after the command name); throws `UsageError` for
    /// an unknown option, a missing value or the wrong number of positional arguments.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPositionals = false
        while let argument = remaining.popFirst() {
            // `- [ ] buy milk`: a dash followed by a space begins a list line, never an option.
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-"
                || argument.dropFirst().first?.isWhitespace == true
            {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)' for 'aura \(spec.name)'", spec: spec)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil {
                    throw UsageError("option '\(name)' takes no value", spec: spec)
                }
                flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
                throw UsageError("option '\(name)' expects a value (\(valueName))", spec: spec)
            }
            values[name] = value
            repeated[name, default: []].append(value)
        }
        guard spec.positionalCount.contains(positionals.count) else {
            let expected =
                spec.positionalCount.upperBound == 0
                ? "no arguments" : "\(spec.arguments.replacingOccurrences(of: "[options] ", with: ""))"
            throw UsageError("'aura \(spec.name)' expects \(expected), got \(positionals.count)", spec: spec)
        }
    }

    /// The value of a `--name VALUE` option, if given.
    public func value(_ name: String) -> String? { values[name] }

    /// Every value given to `--name`, in order (an option that may be given more than once).
    public func values(of name: String) -> [String] { repeated[name] ?? [] }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A mistake in how a command was called: reported as one line plus usage, exit status 2.
public struct UsageError: Error, Sendable, Equatable {
    public let message: String
    public let usage: String

    public init(_ message: String, spec: CommandSpec) {
        self.init(message, usage: spec.usageLine + "\nRun 'aura help \(spec.name)' for details.")
    }

    public init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }
}
