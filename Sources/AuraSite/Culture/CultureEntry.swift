import Foundation

/// One culture recommendation from `Content/culture/<slug>.md`.
public struct CultureEntry: Sendable, Equatable {
    /// What kind of work or place it is.
    public enum Kind: String, Sendable, CaseIterable {
        case literature, theatre, drama, event

        public var label: String {
            switch self {
            case .literature: "Literature"
            case .theatre: "Theatre"
            case .drama: "Drama"
            case .event: "Event"
            }
        }
    }

    /// How it can be experienced: the Visit & Experience tags.
    public enum Tag: String, Sendable, CaseIterable {
        case liveVisit = "Live Visit"
        case readScript = "Read Script"
        case digitalStage = "Digital Stage"

        /// The URL segment: `live-visit`.
        public var slug: String { rawValue.lowercased().replacingOccurrences(of: " ", with: "-") }
    }

    /// What the work asks of a tired person in the evening.
    public enum Energy: String, Sendable, CaseIterable, Comparable {
        case low, medium, high

        var order: Int { Self.allCases.firstIndex(of: self)! }

        public static func < (lhs: Energy, rhs: Energy) -> Bool { lhs.order < rhs.order }
    }

    public let slug: String
    public let sourceFile: String
    public let title: String
    public let creator: String
    public let kind: Kind
    public let region: String
    public let country: String
    /// A year (negative before the common era) or a written range such as "c. 1000–1012".
    public let year: String
    public let tags: [Tag]
    public let energy: Energy
    public let length: String
    public let venue: String?
    public let link: URL?
    public let summary: String
    /// The day it was published, `YYYY-MM-DD`; feeds are ordered by it.
    public let published: String
    public let bodyHTML: String

    /// The regions an entry may name; others are rejected with the nearest suggestion.
    public static let regions = ["Africa", "East Asia", "South Asia", "Southeast Asia", "Central Asia", "Latin America",
                                 "Caribbean", "Europe", "Middle East", "North America", "Oceania"]
}
