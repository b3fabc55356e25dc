import Foundation

/// How people's names are kept and told apart, after RFC 8265's UsernameCaseMapped profile: a
/// name is kept in Unicode's compatibility form (NFKC: fullwidth `ｓａｍ` is `sam`, a
/// decomposed `Åsa` is the composed one) and compared case folded, so two accounts never
/// differ only by width, case or composition. A name that mixes the Latin, Greek and Cyrillic
/// alphabets (a Cyrillic `а` in a Latin name) is refused: it could pass for another.
enum UserName {
    /// The form a name is kept and shown in: NFKC, trimmed.
    static func kept(_ name: String) -> String {
        name.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespaces)
    }

    /// The form names are compared in: NFKC, case folded, NFKC again (folding may undo it).
    static func key(_ name: String) -> String {
        kept(name).folding(options: .caseInsensitive, locale: nil).precomposedStringWithCompatibilityMapping
    }

    /// The alphabets whose letters look alike.
    private static let alphabets: [(name: String, ranges: [ClosedRange<UInt32>])] = [
        ("Latin", [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xA720...0xA7FF]),
        ("Greek", [0x370...0x3FF, 0x1F00...0x1FFF]),
        ("Cyrillic", [0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F])
    ]

    /// Why `name` could pass for another one, or nil: the alphabets it mixes.
    static func confusion(in name: String) -> String? {
        var used: [String] = []
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic {
            guard let alphabet = alphabets.first(where: { $0.ranges.contains { $0.contains(scalar.value) } }),
                !used.contains(alphabet.name)
            else { continue }
            used.append(alphabet.name)
        }
        guard used.count > 1 else { return nil }
        return "it mixes \(used.joined(separator: " and ")) letters, so it could pass for another name; "
            + "expected letters of one alphabet"
    }
}
