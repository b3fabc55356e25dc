extension MustacheValue {
    /// Whether a section shows its content (`null`, `false` and `[]` hide it).
    var isTruthy: Bool {
        switch self {
        case .null, .bool(false): false
        case .array(let items): !items.isEmpty
        default: true
        }
    }

    /// Appends the interpolated form of the value, strings through `escaping` when given;
    /// arrays and dictionaries have none.
    func write(to output: inout [UInt8], escaping: Escaping?) {
        switch self {
        case .string(let string):
            if let escaping {
                escaping.append(&output, string)
            } else {
                output += string.utf8
            }
        case .int(let int):
            output += String(int).utf8
        case .double(let double):
            output += Self.format(double).utf8
        case .bool(let bool):
            output += (bool ? "true" : "false").utf8
        case .null, .array, .dictionary:
            break
        }
    }

    /// Integral doubles print without a fractional part (`2.0` → `2`), others in Swift's
    /// shortest round-tripping form (`1.21` → `1.21`).
    private static func format(_ double: Double) -> String {
        if double.rounded() == double, abs(double) < 1e15 {
            return String(Int(double))
        }
        return String(double)
    }
}
