import Diagnostics
import SiteEngine

/// One `when:` condition of a reflection, such as `deep_hours: ">= 3"` or `load: heavy`.
struct ReflectionCondition: Sendable, Equatable {
    enum Test: Sendable, Equatable {
        case compare(String, Double)
        case equals(String)
        case flag(Bool)
    }

    let key: String
    let test: Test

    /// `empty: true`: the day has nothing planned.
    static let emptyDay = ReflectionCondition(key: "empty", test: .flag(true))

    private init(key: String, test: Test) {
        self.key = key
        self.test = test
    }

    /// The keys a condition may use, with what each takes.
    static let numericKeys = ["deep_hours", "blocks", "tasks", "later", "finished_share"]
    static let allKeys = numericKeys + ["load", "empty", "confident", "first_block_before", "last_block_after"]

    init(key: String, at keyMark: SourceMark, fields: YAMLFields) throws(SourceError) {
        let node = fields.node[key]!
        guard Self.allKeys.contains(key) else {
            let hint =
                nearest(to: key, in: Self.allKeys).map { "; did you mean '\($0)'?" }
                ?? "; expected one of \(Self.allKeys.joined(separator: ", "))"
            throw SourceError(
                file: fields.file, line: keyMark.line, column: keyMark.column,
                message: "unknown condition '\(key)'\(hint)")
        }
        let text = try fields.requiredString(key).trimmingCharacters(in: .whitespaces)
        self.key = key
        switch key {
        case "load":
            guard ["heavy", "moderate", "light"].contains(text) else {
                throw fields.error("'\(text)' is not a load; expected heavy, moderate or light", at: node)
            }
            test = .equals(text)
        case "empty", "confident":
            guard let flag = ["true": true, "false": false][text] else {
                throw fields.error("'\(text)' is not true or false", at: node)
            }
            test = .flag(flag)
        case "first_block_before", "last_block_after":
            let parts = text.split(separator: ":")
            guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours),
                (0..<60).contains(minutes)
            else {
                throw fields.error("'\(text)' is not a time of day; expected HH:MM such as 09:00", at: node)
            }
            test = .compare(key == "first_block_before" ? "<" : ">", Double(hours * 60 + minutes))
        default:
            let operators = [">=", "<=", "==", ">", "<"]
            let op = operators.first { text.hasPrefix($0) }
            let number = Double(text.dropFirst(op?.count ?? 0).trimmingCharacters(in: .whitespaces))
            guard let number else {
                throw fields.error(
                    "'\(text)' is not a comparison; expected a number with an optional >=, <=, >, < or ==, such as \">= 3\"",
                    at: node)
            }
            test = .compare(op ?? "==", number)
        }
    }

    /// How much the condition says about a day, for choosing the most telling reflection:
    /// `empty: false` says nothing, the load band a little, anything else more.
    var weight: Int {
        switch (key, test) {
        case ("empty", .flag(false)): 0
        case ("load", _): 1
        default: 2
        }
    }

    /// Whether the condition holds for a day.
    func holds(for facts: ReflectionFacts) -> Bool {
        switch test {
        case .equals(let value): return facts.load == value
        case .flag(let value): return (key == "empty" ? facts.isEmpty : facts.confident) == value
        case .compare(let op, let number):
            guard let value = value(of: facts) else { return false }
            switch op {
            case ">=": return value >= number
            case "<=": return value <= number
            case ">": return value > number
            case "<": return value < number
            default: return value == number
            }
        }
    }

    private func value(of facts: ReflectionFacts) -> Double? {
        switch key {
        case "deep_hours": Double(facts.deepMinutes) / 60
        case "blocks": Double(facts.blockCount)
        case "tasks": Double(facts.taskCount)
        case "later": Double(facts.laterCount)
        case "finished_share": facts.finishedKnown ? facts.finishedShare : nil
        case "first_block_before": facts.firstBlock.flatMap { minutes($0.start) }
        case "last_block_after": facts.lastBlock.flatMap { minutes($0.end) }
        default: nil
        }
    }

    private func minutes(_ clock: String) -> Double? {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? Double(parts[0] * 60 + parts[1]) : nil
    }
}
