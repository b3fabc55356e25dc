/// Describes a subcommand's name, purpose and accepted options, for parsing and for help.
public struct CommandSpec: Sendable {
    /// One option the command accepts, such as `--content DIR` or the flag `--quiet`.
    public struct Option: Sendable {
        public let name: String
        public let valueName: String?
        public let help: String

        /// An option that takes a value (`--content DIR`); `valueName` is shown in help.
        public static func value(_ name: String, _ valueName: String, _ help: String) -> Option {
            Option(name: name, valueName: valueName, help: help)
        }

        /// An option that takes no value (`--quiet`).
        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, help: help)
        }
    }

    public let name: String
    public let summary: String
    /// What follows the command name in the usage line, e.g. `[options] TITLE`.
    public let arguments: String
    public let options: [Option]
    /// How many positional arguments the command accepts.
    public let positionalCount: ClosedRange<Int>

    public init(
        name: String, summary: String, arguments: String = "[options]",
        options: [Option], positionalCount: ClosedRange<Int> = 0...0
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.positionalCount = positionalCount
    }

    var usageLine: String { "usage: aura \(name) \(arguments)" }

    var help: String {
        let width = options.map { optionLabel($0).count }.max() ?? 0
        let rows = options.map { option in
            let label = optionLabel(option)
            return "  " + label + String(repeating: " ", count: width - label.count + 2) + option.help
        }
        return ([summary, "", usageLine, ""] + (rows.isEmpty ? [] : ["options:"] + rows + [""]))
            .joined(separator: "\n")
    }

    private func optionLabel(_ option: Option) -> String {
        option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }
}
