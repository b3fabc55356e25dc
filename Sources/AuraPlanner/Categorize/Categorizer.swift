/// A category with the one-line reason it was chosen.
public struct Categorization: Sendable, Equatable {
    public let category: Category
    public let reason: String
}

/// Sorts an item into one of the four categories with a reason a person can check. A
/// `#deep`/`#admin`/`#health`/`#culture` tag wins outright; strong words from the lexicon
/// decide with their reason ("mentions “invoice”"); where the words are weak or silent, or a
/// single strong word is contradicted by a model at least 90 % sure, the trained
/// `CategoryModel` decides, and a guess it is unsure of says so.
public struct Categorizer: Sendable {
    /// The model overrules strong words only when at least this sure.
    static let overruleConfidence = 0.9
    /// Below this the model's choice is called a guess.
    static let sureConfidence = 0.6

    public init() {}

    public func categorize(_ item: CapturedItem) -> Categorization {
        if let tag = item.categoryTag {
            return Categorization(category: tag, reason: "tagged \(tag.tag)")
        }
        let lexicon = LexiconReading(title: item.title)
        let guess = CategoryModel.shipped.guess(item.title)
        if let strong = lexicon.strong,
            lexicon.certain || guess == nil || guess!.category == strong || guess!.confidence < Self.overruleConfidence
        {
            return Categorization(category: strong, reason: lexicon.mentions(strong)!)
        }
        guard let guess else {
            if let best = lexicon.best {
                // A hint alone (`fix`, `see`, `get`) is a guess, and the reason says so.
                return Categorization(category: best, reason: lexicon.mentions(best)! + ", a weak sign: tag it if not")
            }
            return Categorization(
                category: .admin,
                reason:
                    "no telling words, so a guess: routine tasks are admin; tag it #deep, #health or #culture if not")
        }
        return Categorization(category: guess.category, reason: reason(for: guess, lexicon))
    }

    /// "mentions “gig”" or "worded like Health & Wellbeing tasks (84 %)"; for an unsure guess
    /// "a guess (48 %): worded most like Admin & Logistics tasks; tag it if not".
    private func reason(for guess: CategoryModel.Guess, _ lexicon: LexiconReading) -> String {
        let percent = "\(Int((guess.confidence * 100).rounded(.down))) %"
        if guess.confidence < Self.sureConfidence {
            return "a guess (\(percent)): "
                + (lexicon.mentions(guess.category) ?? "worded most like \(guess.category.name) tasks")
                + "; tag it if not"
        }
        return lexicon.mentions(guess.category) ?? "worded like \(guess.category.name) tasks (\(percent))"
    }
}
