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
        var slug: String {
            switch self {
            case .liveVisit: "live-visit"
            case .readScript: "read-script"
            case .digitalStage: "digital-stage"
            }
        }
    }

    /// What the work asks of a tired person in the evening.
    enum Energy: String, Sendable, CaseIterable, Comparable {
        case low, medium, high

        var order: Int { Self.allCases.firstIndex(of: self)! }

        static func < (lhs: Energy, rhs: Energy) -> Bool { lhs.order < rhs.order }
    }

    /// The fields, held once: an entry is copied into every list, index and page that shows it,
    /// and a copy of one reference costs far less than a copy of sixteen.
    private final class Fields: Sendable, Equatable {
        let slug: String
        let sourceFile: String
        let title: String
        let creator: String
        let kind: Kind
        let region: String
        let country: String
        let year: String
        let tags: [Tag]
        let energy: Energy
        let length: String
        let venue: String?
        let link: String?
        let summary: String
        let published: String
        let source: CultureSource

        init(slug: String, sourceFile: String, title: String, creator: String, kind: Kind, region: String,
            country: String, year: String, tags: [Tag], energy: Energy, length: String, venue: String?, link: String?,
            summary: String, published: String, source: CultureSource) {
            self.slug = slug
            self.sourceFile = sourceFile
            self.title = title
            self.creator = creator
            self.kind = kind
            self.region = region
            self.country = country
            self.year = year
            self.tags = tags
            self.energy = energy
            self.length = length
            self.venue = venue
            self.link = link
            self.summary = summary
            self.published = published
            self.source = source
        }

        static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs === rhs || (lhs.slug == rhs.slug && lhs.sourceFile == rhs.sourceFile && lhs.title == rhs.title &&
                lhs.creator == rhs.creator && lhs.kind == rhs.kind && lhs.region == rhs.region &&
                lhs.country == rhs.country && lhs.year == rhs.year && lhs.tags == rhs.tags && lhs.energy == rhs.energy &&
                lhs.length == rhs.length && lhs.venue == rhs.venue && lhs.link == rhs.link && lhs.summary == rhs.summary &&
                lhs.published == rhs.published && lhs.source == rhs.source)
        }
    }

    private let fields: Fields

    var slug: String { fields.slug }
    var sourceFile: String { fields.sourceFile }
    var title: String { fields.title }
    var creator: String { fields.creator }
    var kind: Kind { fields.kind }
    var region: String { fields.region }
    var country: String { fields.country }
    /// A year (negative before the common era) or a written range such as "c. 1000–1012".
    var year: String { fields.year }
    var tags: [Tag] { fields.tags }
    var energy: Energy { fields.energy }
    var length: String { fields.length }
    var venue: String? { fields.venue }
    /// The absolute web address, as checked when the entry was read.
    var link: String? { fields.link }
    var summary: String { fields.summary }
    /// The day it was published, `YYYY-MM-DD`; feeds are ordered by it.
    var published: String { fields.published }
    /// Which file it came from and digests of its two parts; the body itself is read again
    /// and rendered only when a page or feed that shows it is rendered.
    var source: CultureSource { fields.source }

    init(slug: String, sourceFile: String, title: String, creator: String, kind: Kind, region: String, country: String,
        year: String, tags: [Tag], energy: Energy, length: String, venue: String?, link: String?, summary: String,
        published: String, source: CultureSource) {
        fields = Fields(slug: slug, sourceFile: sourceFile, title: title, creator: creator, kind: kind, region: region,
            country: country, year: year, tags: tags, energy: energy, length: length, venue: venue, link: link,
            summary: summary, published: published, source: source)
    }

    /// The regions an entry may name; others are rejected with the nearest suggestion.
    static let regions = ["Africa", "East Asia", "South Asia", "Southeast Asia", "Central Asia", "Latin America",
                                 "Caribbean", "Europe", "Middle East", "North America", "Oceania"]
}
