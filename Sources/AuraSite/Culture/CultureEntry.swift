import Foundation
import Platform
import SiteEngine

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

    /// The text fields, in the order `Storage` holds their bytes.
    enum TextField: Int, CaseIterable {
        case slug, fileName, title, creator, country, year, length, venue, link, summary, published
    }

    /// Everything but the text: what the lists, indices and counts of a build compare.
    private struct Header {
        /// Prefixed to the file name in messages: one string every entry of a library shares.
        let sourceFolder: String
        let metaDigest: SHA256Digest
        let bodyDigest: SHA256Digest
        /// Where each `TextField` ends in the bytes; each begins where the one before it ends.
        let ends: InlineArray<11, UInt32>
        let kind: Kind
        let energy: Energy
        /// The region's place in `regions`.
        let region: UInt8
        /// The tags in the order written, two bits each (a tag's place in `Tag.allCases` plus
        /// one), the first in the lowest bits.
        let tags: UInt8
        let hasVenue: Bool
        let hasLink: Bool
    }

    /// An entry in one allocation: its header and the UTF-8 of its text fields end to end. A
    /// build holds every entry until it is done, and at 20,000 entries a string, array and
    /// object for each field cost more than twice the bytes of the fields themselves. Never
    /// written after it is made, so shared between threads safely (`ManagedBuffer` itself
    /// cannot say so).
    private final class Storage: ManagedBuffer<Header, UInt8> {}

    nonisolated(unsafe) private let storage: Storage

    /// Hands `body` the UTF-8 of `field` (empty for an absent venue or link), valid only
    /// while `body` runs.
    func withUTF8<Result>(_ field: TextField, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
    {
        try storage.withUnsafeMutablePointers { header, bytes in
            let ends = header.pointee.ends
            let start = field.rawValue == 0 ? 0 : Int(ends[field.rawValue - 1])
            return try body(UnsafeBufferPointer(start: bytes + start, count: Int(ends[field.rawValue]) - start))
        }
    }

    private func text(_ field: TextField) -> String {
        withUTF8(field) { String(decoding: $0, as: UTF8.self) }
    }

    var slug: String { text(.slug) }
    /// The entry's file as messages name it.
    var sourceFile: String { storage.header.sourceFolder + fileName }
    var title: String { text(.title) }
    var creator: String { text(.creator) }
    var kind: Kind { storage.header.kind }
    var region: String { Self.regions[Int(storage.header.region)] }
    var country: String { text(.country) }
    /// A year (negative before the common era) or a written range such as "c. 1000–1012".
    var year: String { text(.year) }
    var tags: [Tag] {
        var tags: [Tag] = []
        var codes = storage.header.tags
        while codes != 0 {
            tags.append(Tag.allCases[Int(codes & 3) - 1])
            codes >>= 2
        }
        return tags
    }
    var energy: Energy { storage.header.energy }
    var length: String { text(.length) }
    var venue: String? { has(.venue) ? text(.venue) : nil }
    /// The absolute web address, as checked when the entry was read.
    var link: String? { has(.link) ? text(.link) : nil }
    var summary: String { text(.summary) }
    /// The day it was published, `YYYY-MM-DD`; feeds are ordered by it.
    var published: String { text(.published) }
    /// The file's name in the culture folder (`source.name`).
    var fileName: String { text(.fileName) }
    /// Whether `field` is present: only a venue or a link may be absent.
    func has(_ field: TextField) -> Bool {
        switch field {
        case .venue: storage.header.hasVenue
        case .link: storage.header.hasLink
        default: true
        }
    }
    /// Which file it came from and digests of its two parts; the body itself is read again
    /// and rendered only when a page or feed that shows it is rendered.
    var source: CultureSource {
        CultureSource(name: fileName, metaDigest: storage.header.metaDigest, bodyDigest: storage.header.bodyDigest)
    }

    /// An entry of `region` (one of `regions`) with at most one of each tag.
    init(
        slug: String, sourceFolder: String, title: String, creator: String, kind: Kind, region: String, country: String,
        year: String, tags: [Tag], energy: Energy, length: String, venue: String?, link: String?, summary: String,
        published: String, source: CultureSource
    ) {
        guard let regionIndex = Self.regions.firstIndex(of: region) else {
            preconditionFailure("unknown region \(region)")
        }
        precondition(tags.count <= Tag.allCases.count)
        let texts = [
            slug, source.name, title, creator, country, year, length, venue ?? "", link ?? "", summary, published
        ]
        var ends = InlineArray<11, UInt32>(repeating: 0)
        var total = 0
        for (index, text) in texts.enumerated() {
            total += text.utf8.count
            guard let end = UInt32(exactly: total) else { preconditionFailure("an entry of more than 4 GB") }
            ends[index] = end
        }
        let tagCodes = tags.reversed().reduce(UInt8(0)) { $0 << 2 | UInt8(Tag.allCases.firstIndex(of: $1)! + 1) }
        let header = Header(
            sourceFolder: sourceFolder, metaDigest: source.metaDigest, bodyDigest: source.bodyDigest, ends: ends,
            kind: kind, energy: energy, region: UInt8(regionIndex), tags: tagCodes,
            hasVenue: venue != nil, hasLink: link != nil)
        let made = Storage.create(minimumCapacity: total) { _ in header }
        made.withUnsafeMutablePointerToElements { bytes in
            var next = bytes
            for var text in texts {
                text.withUTF8 { utf8 in
                    guard let first = utf8.baseAddress else { return }
                    next.initialize(from: first, count: utf8.count)
                    next += utf8.count
                }
            }
        }
        storage = unsafeDowncast(made, to: Storage.self)
    }

    static func == (lhs: CultureEntry, rhs: CultureEntry) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let (left, right) = (lhs.storage.header, rhs.storage.header)
        guard left.sourceFolder == right.sourceFolder, left.metaDigest == right.metaDigest,
            left.bodyDigest == right.bodyDigest,
            left.kind == right.kind, left.energy == right.energy, left.region == right.region, left.tags == right.tags,
            left.hasVenue == right.hasVenue, left.hasLink == right.hasLink,
            (0..<TextField.allCases.count).allSatisfy({ left.ends[$0] == right.ends[$0] })
        else { return false }
        return lhs.storage.withUnsafeMutablePointerToElements { leftBytes in
            rhs.storage.withUnsafeMutablePointerToElements { rightBytes in
                memcmp(leftBytes, rightBytes, Int(left.ends[TextField.allCases.count - 1])) == 0
            }
        }
    }

    /// The regions an entry may name; others are rejected with the nearest suggestion.
    static let regions = [
        "Africa", "East Asia", "South Asia", "Southeast Asia", "Central Asia", "Latin America",
        "Caribbean", "Europe", "Middle East", "North America", "Oceania"
    ]
}
