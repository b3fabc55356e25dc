/// The four operational buckets every item is sorted into.
public enum Category: String, CaseIterable, Sendable, Codable {
    case deepWork = "deep-work"
    case admin = "admin"
    case health = "health"
    case culture = "culture"

    public var emoji: String {
        switch self {
        case .deepWork: "🧠"
        case .admin: "📋"
        case .health: "🌿"
        case .culture: "🎭"
        }
    }

    public var name: String {
        switch self {
        case .deepWork: "Deep Work"
        case .admin: "Admin & Logistics"
        case .health: "Health & Wellbeing"
        case .culture: "Cultural & Leisure"
        }
    }

    /// The inline tag that forces this category (`#deep`, `#admin`, `#health`, `#culture`).
    var tag: String {
        switch self {
        case .deepWork: "#deep"
        case .admin: "#admin"
        case .health: "#health"
        case .culture: "#culture"
        }
    }

    /// Minutes assumed for an item that names no duration.
    var defaultMinutes: Int {
        switch self {
        case .deepWork: 60
        case .admin: 10
        case .health: 30
        case .culture: 45
        }
    }
}
