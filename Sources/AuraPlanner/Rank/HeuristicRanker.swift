/// The offline ranker: keywords of urgency and consequence, whether the task is due today or
/// at a fixed time, its category, and how often it has already rolled forward.
public struct HeuristicRanker: Ranker {
    static let base = 0.35
    static let urgentWords: Set<String> = [
        "urgent", "asap", "deadline", "overdue", "important", "critical", "must", "final", "due"
    ]
    /// Errands that cost money or standing when they slip.
    static let consequentialWords: Set<String> = [
        "pay", "rent", "tax", "bill", "invoice", "fine", "renew", "deadline",
        "submit", "visa", "passport", "insurance", "mortgage", "contract"
    ]
    static let perRoll = 0.07
    static let maxRollBonus = 0.21

    public init() {}

    /// A deadline near or past counts like an urgent word; a week away, a little.
    static func deadlineBonus(daysLeft: Int) -> Double {
        switch daysLeft {
        case ...0: 0.25
        case 1...2: 0.15
        case 3...7: 0.05
        default: 0
        }
    }

    public func scores(for tasks: [StoredTask], on day: LocalDate) -> [String: Double] {
        Dictionary(tasks.map { ($0.id, score($0, on: day)) }, uniquingKeysWith: { first, _ in first })
    }

    func score(_ task: StoredTask, on day: LocalDate) -> Double {
        let words = Set(lowercasedWords(task.title))
        var score = Self.base
        if !words.isDisjoint(with: Self.urgentWords) { score += 0.25 }
        if task.title.contains("!") { score += 0.1 }
        if !words.isDisjoint(with: Self.consequentialWords) { score += 0.1 }
        if task.time != nil { score += 0.1 }
        if task.recurrence != nil { score -= 0.05 } else if task.date == day { score += 0.05 }
        if let due = task.due { score += Self.deadlineBonus(daysLeft: day.days(to: due)) }
        score += min(Double(task.rolledForward) * Self.perRoll, Self.maxRollBonus)
        switch task.category {
        case .deepWork: score += 0.1
        case .health: score += 0.05
        case .admin, .culture: break
        }
        if task.kind == .idea { score -= 0.2 }
        return (min(max(score, 0), 1) * 100).rounded() / 100
    }
}
