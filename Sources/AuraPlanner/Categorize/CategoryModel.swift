import Foundation

/// A multinomial naive Bayes model over a line's words, word pairs and opening word, trained by
/// `scripts/train_categorizer.py` on the labelled corpus.
struct CategoryModel: Sendable {
    /// The most likely category and how sure the model is of it (its posterior, 0–1).
    struct Guess: Sendable, Equatable {
        let category: Category
        let confidence: Double
    }

    /// The shipped model, parsed once from Resources/category-weights.tsv (written by the
    /// training script; do not edit it, retrain): natural-log weights, with a header, the class
    /// priors, the weight of a known-but-unseen feature, then one row per feature (a word, a
    /// word pair, or ^ and the opening word).
    static let shipped = CategoryModel(table: String(decoding: PackageResources.category_weights_tsv, as: UTF8.self))

    private let categories: [Category]
    private let prior: [Double]
    private let weightsByFeature: [String: [Double]]

    /// Parses the tab-separated table the training script writes. Its fields are cut from the
    /// bytes, not split into strings first: every command that reads a line loads the model.
    init(table: String) {
        var rows: [[Substring]] = []
        rows.reserveCapacity(table.utf8.count / 40)
        for line in table.utf8.split(separator: UInt8(ascii: "\n")) {
            rows.append(
                line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring($0) })
        }
        let header = rows.removeFirst()
        categories = header.dropFirst().map { Category(rawValue: String($0))! }
        var byFeature: [String: [Double]] = [:]
        byFeature.reserveCapacity(rows.count)
        for row in rows {
            byFeature[String(row[0])] = row.dropFirst().map { Double($0)! }
        }
        prior = byFeature.removeValue(forKey: "prior")!
        // Features never seen in training say nothing; "unseen" stays in the table for inspection.
        byFeature["unseen"] = nil
        weightsByFeature = byFeature
    }

    /// The model's guess for a title, or nil when none of its features were seen in training.
    func guess(_ title: String) -> Guess? {
        var scores = prior
        var known = false
        for feature in Self.features(of: title) {
            guard let weights = weightsByFeature[feature] else { continue }
            known = true
            for index in scores.indices { scores[index] += weights[index] }
        }
        guard known, let top = scores.max() else { return nil }
        let total = scores.reduce(0) { $0 + exp($1 - top) }
        let best = scores.firstIndex(of: top)!
        return Guess(category: categories[best], confidence: 1 / total)
    }

    /// Lower-cased runs of letters and digits, apostrophes dropped (`don't` → `dont`); the same
    /// rule as the training script's `tokens`.
    static func tokens(_ text: String) -> [String] {
        text.lowercased().filter { $0 != "'" && $0 != "\u{2019}" }
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Words, adjacent word pairs and `^` with the opening word.
    static func features(of text: String) -> Set<String> {
        let words = tokens(text)
        var found = Set(words)
        for (first, second) in zip(words, words.dropFirst()) { found.insert(first + " " + second) }
        if let opening = words.first { found.insert("^" + opening) }
        return found
    }
}
