import Diagnostics
import Foundation

/// Reads typed fields out of a YAML mapping, turning every mismatch into a `SourceError`
/// that points at the offending value (or at the mapping when a required key is missing).
package struct YAMLFields: Sendable {
    package let node: YAMLNode
    package let file: String

    package init(_ node: YAMLNode, file: String) throws(SourceError) {
        guard case .mapping = node else {
            throw SourceError(
                file: file, line: node.mark.line, column: node.mark.column,
                message: "expected a mapping of 'key: value' lines, found \(node.kindName)")
        }
        self.node = node
        self.file = file
    }

    /// The keys present, in the order they were written, with their positions.
    package var keys: [(key: String, mark: SourceMark)] {
        guard case .mapping(let pairs, _) = node else { return [] }
        return pairs.map { ($0.key, $0.keyMark) }
    }

    /// An error located at `node`.
    package func error(_ message: String, at node: YAMLNode) -> SourceError {
        SourceError(file: file, line: node.mark.line, column: node.mark.column, message: message)
    }

    /// Fails on the first key not in `allowed`, suggesting the nearest allowed key.
    package func rejectUnknownKeys(allowed: [String]) throws(SourceError) {
        for (key, mark) in keys where !allowed.contains(key) {
            let hint =
                nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" }
                ?? "; expected one of \(allowed.joined(separator: ", "))"
            throw SourceError(file: file, line: mark.line, column: mark.column, message: "unknown key '\(key)'\(hint)")
        }
    }

    /// A string field; `nil` when absent and not required.
    package func string(_ key: String, required: Bool = false) throws(SourceError) -> String? {
        guard let value = try present(key, required: required) else { return nil }
        guard case .scalar(let text, _, _) = value else {
            throw error("expected text for '\(key)', found \(value.kindName)", at: value)
        }
        return text
    }

    /// A required string field.
    package func requiredString(_ key: String) throws(SourceError) -> String {
        try string(key, required: true) ?? ""
    }

    /// An integer field.
    package func integer(_ key: String, required: Bool = false) throws(SourceError) -> Int? {
        guard let value = try present(key, required: required) else { return nil }
        guard case .scalar(let text, true, _) = value, let number = Int(text) else {
            throw error("expected a whole number for '\(key)'", at: value)
        }
        return number
    }

    /// An integer field of at least 1: a count, or a number of minutes.
    package func count(_ key: String) throws(SourceError) -> Int? {
        guard let value = try integer(key) else { return nil }
        guard value >= 1 else { throw error("'\(key)' is \(value); expected 1 or more", at: node[key]!) }
        return value
    }

    /// A number field (integer or decimal).
    package func number(_ key: String, required: Bool = false) throws(SourceError) -> Double? {
        guard let value = try present(key, required: required) else { return nil }
        guard case .scalar(let text, true, _) = value, let number = Double(text), number.isFinite else {
            throw error("expected a number for '\(key)'", at: value)
        }
        return number
    }

    /// A number field that must lie in `range`; `unit` (such as "px") follows the bounds in
    /// the error, so a typo such as `-16` or `1e308` is caught where it is written.
    package func number(_ key: String, required: Bool = false, in range: ClosedRange<Double>, unit: String = "")
        throws(SourceError) -> Double?
    {
        guard let value = try number(key, required: required) else { return nil }
        guard range.contains(value) else {
            func text(_ number: Double) -> String {
                number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            }
            throw error(
                "'\(key)' is \(text(value)); expected \(text(range.lowerBound)) to \(text(range.upperBound))\(unit.isEmpty ? "" : " " + unit)",
                at: node[key]!)
        }
        return value
    }

    /// A list of strings; a single string is accepted as a one-item list.
    package func strings(_ key: String, required: Bool = false) throws(SourceError) -> [(String, YAMLNode)]? {
        guard let value = try present(key, required: required) else { return nil }
        switch value {
        case .scalar(let text, _, _):
            return [(text, value)]
        case .sequence(let items, _):
            var result: [(String, YAMLNode)] = []
            for item in items {
                guard case .scalar(let text, _, _) = item else {
                    throw error("expected text in the list '\(key)', found \(item.kindName)", at: item)
                }
                result.append((text, item))
            }
            return result
        case .mapping:
            throw error("expected a list for '\(key)', found a mapping", at: value)
        }
    }

    /// A nested mapping.
    package func mapping(_ key: String, required: Bool = false) throws(SourceError) -> YAMLFields? {
        guard let value = try present(key, required: required) else { return nil }
        return try YAMLFields(value, file: file)
    }

    /// A list of mappings.
    package func mappings(_ key: String, required: Bool = false) throws(SourceError) -> [YAMLFields]? {
        guard let value = try present(key, required: required) else { return nil }
        guard case .sequence(let items, _) = value else {
            throw error("expected a list for '\(key)', found \(value.kindName)", at: value)
        }
        var result: [YAMLFields] = []
        for item in items { result.append(try YAMLFields(item, file: file)) }
        return result
    }

    /// The raw node for `key`, failing when it is required and missing or empty.
    package func present(_ key: String, required: Bool) throws(SourceError) -> YAMLNode? {
        let value = node[key]
        if let value, case .scalar(let text, true, _) = value, text.isEmpty || text == "~" || text == "null" {
            if required { throw error("'\(key)' is empty; expected a value", at: value) }
            return nil
        }
        if value == nil && required {
            throw error("missing required key '\(key)'", at: node)
        }
        return value
    }
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
package func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, best.0.count / 3) ? best.0 : nil
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1]
        for (j, cb) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
