/// The Focus Mode a block asks for: a default per category, refined by what a task is
/// (a run asks for Fitness, a novel for Reading, a theatre visit for Do Not Disturb).
public enum FocusMode: String, Sendable, Codable {
    case doNotDisturb = "Do Not Disturb"
    case work = "Work"
    case personal = "Personal"
    case fitness = "Fitness"
    case mindfulness = "Mindfulness"
    case reading = "Reading"
    case driving = "Driving"

    static func `default`(for category: Category) -> FocusMode {
        switch category {
        case .deepWork: .doNotDisturb
        case .admin: .work
        case .health, .culture: .personal
        }
    }

    /// Per category, the refinements checked in order against a task's words.
    private static func refinements(for category: Category) -> [(FocusMode, Set<String>)] {
        switch category {
        case .deepWork:
            return []
        case .admin:
            return [(.driving, ["drive", "driving", "commute", "pick", "drop"])]
        case .health:
            return [
                (
                    .fitness,
                    [
                        "run", "running", "jog", "gym", "swim", "swimming", "cycle", "cycling", "bike",
                        "workout", "hike", "climbing", "bouldering", "pilates", "tennis", "football",
                        "5k", "10k", "weights", "walk", "physio"
                    ]
                ),
                (
                    .mindfulness,
                    [
                        "meditate", "meditation", "breathe", "breathing", "journal", "journaling",
                        "yoga", "stretch", "stretching", "nap", "mindfulness", "therapy"
                    ]
                )
            ]
        case .culture:
            return [
                (
                    .reading,
                    [
                        "read", "reading", "book", "novel", "chapter", "chapters", "poems", "poetry",
                        "script", "pages", "library"
                    ]
                ),
                (
                    .doNotDisturb,
                    [
                        "theatre", "theater", "opera", "concert", "cinema", "ballet", "gig",
                        "recital", "matinee", "play", "film", "museum", "gallery", "exhibition"
                    ]
                )
            ]
        }
    }

    /// The mode for one task: the first refinement its words call for, else the category default.
    static func mode(for category: Category, words: some Sequence<String>) -> FocusMode {
        let lowered = Set(words.map { $0.lowercased() })
        return refinements(for: category).first { !$0.1.isDisjoint(with: lowered) }?.0 ?? .default(for: category)
    }
}
