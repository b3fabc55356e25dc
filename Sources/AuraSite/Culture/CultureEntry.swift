import Foundation

/// One culture recommendation from `Content/culture/<slug>.md`.
struct CultureEntry: Sendable, Equatable {
    /// What kind of work or place it is.
    enum Kind: String, Sendable, CaseIterable {
        case literature, theatre, drama, event

        var label: String {
            switch self {
            case .literature: "Literature"
            case .theatre: "Theatre"
            case .drama: "Drama"
            case .event: "Event"
            }
        }
    }

    /// How it can be experienced: the Visit & Experience tags.
    enum Tag: String, Sendable, CaseIterable {
        case liveVisit = "Live Visit"
        case readScript = "Read Script"
        case digitalStage = "Digital Stage"

        /// The URL segment: `live-visit`.
        var slug: String { rawValue.lowercased().replacingOccurrences(of: " ", with: "-") }
    }

    /// What the work asks of a tired person in the evening.
    enum Energy: String, Sendable, CaseIterable, Comparable {
        case low, medium, high

        var order: Int { Self.allCases.firstIndex(of: self)! }

        static func < (lhs: Energy, rhs: Energy) -> Bool { lhs.order < rhs.order }
    }

    let slug: String
    let sourceFile: String
    let title: String
    let creator: String
    let kind: Kind
    let region: String
    let country: String
    /// A year (negative before the common era) or a written range such as "c. 1000–1012".
    let year: String
    let tags: [Tag]
    let energy: Energy
    let length: String
    let venue: String?
    let link: URL?
    let summary: String
    /// The day it was published, `YYYY-MM-DD`; feeds are ordered by it.
    let published: String
    /// Which file it came from and digests of its two parts; the body itself is read again
    /// and rendered only when a page or feed that shows it is rendered.
    let source: CultureSource

    /// The regions an entry may name; others are rejected with the nearest suggestion.
    static let regions = ["Africa", "East Asia", "South Asia", "Southeast Asia", "Central Asia", "Latin America",
                                 "Caribbean", "Europe", "Middle East", "North America", "Oceania"]
}
