import Foundation
import Synchronization

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

    /// What only the pages and feeds that show an entry read; every list, index and count a
    /// build makes reads the other fields.
    final class Details: Sendable, Equatable {
        /// The folder of the entry's file as messages name it, shared by every entry of a library.
        let sourceFolder: String
        let title: String
        let creator: String
        let country: String
        let year: String
        let length: String
        let venue: String?
        let link: String?
        let summary: String
        let metaDigest: SHA256Digest
        let bodyDigest: SHA256Digest

        init(sourceFolder: String, title: String, creator: String, country: String, year: String, length: String,
             venue: String?, link: String?, summary: String, metaDigest: SHA256Digest, bodyDigest: SHA256Digest) {
            self.sourceFolder = sourceFolder
            self.title = title
            self.creator = creator
            self.country = country
            self.year = year
            self.length = length
            self.venue = venue
            self.link = link
            self.summary = summary
            self.metaDigest = metaDigest
            self.bodyDigest = bodyDigest
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs === rhs || (lhs.sourceFolder == rhs.sourceFolder && lhs.title == rhs.title && lhs.creator == rhs.creator &&
                lhs.country == rhs.country && lhs.year == rhs.year && lhs.length == rhs.length && lhs.venue == rhs.venue &&
                lhs.link == rhs.link && lhs.summary == rhs.summary && lhs.metaDigest == rhs.metaDigest &&
                lhs.bodyDigest == rhs.bodyDigest)
        }
    }

    /// The fields, held once: an entry is copied into every list, index and page that shows it,
    /// and a copy of one reference costs far less than a copy of sixteen. `Details` are made at
    /// once, or the first time they are asked for and then kept: a rebuild takes ten thousand
    /// entries from its record and shows the details of a few.
    private final class Fields: Sendable, Equatable {
        let slug: String
        let fileName: String
        let kind: Kind
        let region: String
        let tags: [Tag]
        let energy: Energy
        let published: String
        private let madeDetails: Details?
        private let makeDetails: (@Sendable () -> Details)?
        private let keptDetails = Mutex<Details?>(nil)

        init(slug: String, fileName: String, kind: Kind, region: String, tags: [Tag], energy: Energy, published: String,
             details: Details?, makeDetails: (@Sendable () -> Details)?) {
            self.slug = slug
            self.fileName = fileName
            self.kind = kind
            self.region = region
            self.tags = tags
            self.energy = energy
            self.published = published
            madeDetails = details
            self.makeDetails = makeDetails
        }

        var details: Details {
            if let madeDetails { return madeDetails }
            return keptDetails.withLock { kept in
                if let kept { return kept }
                let details = makeDetails!()
                kept = details
                return details
            }
        }

        static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs === rhs || (lhs.slug == rhs.slug && lhs.fileName == rhs.fileName && lhs.kind == rhs.kind &&
                lhs.region == rhs.region && lhs.tags == rhs.tags && lhs.energy == rhs.energy &&
                lhs.published == rhs.published && lhs.details == rhs.details)
        }
    }

    private let fields: Fields

    var slug: String { fields.slug }
    /// The entry's file as messages name it.
    var sourceFile: String { fields.details.sourceFolder + fields.fileName }
    var title: String { fields.details.title }
    var creator: String { fields.details.creator }
    var kind: Kind { fields.kind }
    var region: String { fields.region }
    var country: String { fields.details.country }
    /// A year (negative before the common era) or a written range such as "c. 1000–1012".
    var year: String { fields.details.year }
    var tags: [Tag] { fields.tags }
    var energy: Energy { fields.energy }
    var length: String { fields.details.length }
    var venue: String? { fields.details.venue }
    /// The absolute web address, as checked when the entry was read.
    var link: String? { fields.details.link }
    var summary: String { fields.details.summary }
    /// The day it was published, `YYYY-MM-DD`; feeds are ordered by it.
    var published: String { fields.published }
    /// The file's name in the culture folder (`source.name`), known without the details.
    var fileName: String { fields.fileName }
    /// Which file it came from and digests of its two parts; the body itself is read again
    /// and rendered only when a page or feed that shows it is rendered.
    var source: CultureSource {
        let details = fields.details
        return CultureSource(name: fields.fileName, metaDigest: details.metaDigest, bodyDigest: details.bodyDigest)
    }

    init(slug: String, sourceFolder: String, title: String, creator: String, kind: Kind, region: String, country: String,
        year: String, tags: [Tag], energy: Energy, length: String, venue: String?, link: String?, summary: String,
        published: String, source: CultureSource) {
        let details = Details(sourceFolder: sourceFolder, title: title, creator: creator, country: country, year: year, length: length,
                              venue: venue, link: link, summary: summary, metaDigest: source.metaDigest, bodyDigest: source.bodyDigest)
        fields = Fields(slug: slug, fileName: source.name, kind: kind, region: region, tags: tags, energy: energy,
                        published: published, details: details, makeDetails: nil)
    }

    /// An entry whose details `makeDetails` makes the first time they are asked for.
    init(slug: String, fileName: String, kind: Kind, region: String, tags: [Tag], energy: Energy, published: String,
         makeDetails: @escaping @Sendable () -> Details) {
        fields = Fields(slug: slug, fileName: fileName, kind: kind, region: region, tags: tags, energy: energy,
                        published: published, details: nil, makeDetails: makeDetails)
    }

    /// The regions an entry may name; others are rejected with the nearest suggestion.
    static let regions = ["Africa", "East Asia", "South Asia", "Southeast Asia", "Central Asia", "Latin America",
                                 "Caribbean", "Europe", "Middle East", "North America", "Oceania"]
}
