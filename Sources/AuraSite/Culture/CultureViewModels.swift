import Foundation
import Mustache
import SiteEngine

/// An entry as lists and cards show it.
struct CultureCard: Encodable, Sendable {
    struct Chip: Encodable, Sendable {
        let label: String
        let url: String
    }

    let slug: String
    let url: String
    let title: String
    let creator: String
    let kind: String
    let kindLabel: String
    let kindURL: String
    let region: String
    let country: String
    let year: String
    let length: String
    let summary: String
    let energy: String
    let energyLabel: String
    let tags: [Chip]

    init(_ entry: CultureEntry, root: String) {
        slug = entry.slug
        url = root + "culture/\(entry.slug)/"
        title = entry.title
        creator = entry.creator
        kind = entry.kind.rawValue
        kindLabel = entry.kind.label
        kindURL = root + "culture/kinds/\(entry.kind.rawValue)/"
        region = entry.region
        country = entry.country
        year = entry.year.hasPrefix("-") ? "\(entry.year.dropFirst()) BCE" : entry.year
        length = entry.length
        summary = entry.summary
        energy = entry.energy.rawValue
        energyLabel = Self.energyLabel(entry.energy)
        tags = entry.tags.map { Chip(label: $0.rawValue, url: root + "culture/tags/\($0.slug)/") }
    }

    static func energyLabel(_ energy: CultureEntry.Energy) -> String {
        switch energy {
        case .low: "Low energy"
        case .medium: "Medium energy"
        case .high: "High energy"
        }
    }
}

/// A link in the kind and tag filters.
struct FilterLink: Encodable, Sendable {
    let label: String
    let url: String
    let count: Int
    let isCurrent: Bool
}

/// `/culture/` and its filtered lists share one shape; only the index has picks.
struct CultureListModel: Encodable, Sendable {
    let heading: String
    let intro: String
    let entries: [CultureCard]
    let allURL: String
    let isAll: Bool
    let kinds: [FilterLink]
    let tags: [FilterLink]
    let feedAtomURL: String
    let feedJSONURL: String
    /// Nil when the whole list fits on one page.
    let pagination: CulturePagination?
}

/// `/culture/<slug>/`.
struct CultureEntryModel: Encodable, Sendable {
    let card: CultureCard
    let bodyHTML: String
    let venue: String?
    let link: String?
    let linkHost: String?
    let related: [CultureCard]
    let indexURL: String
    let hasRelated: Bool
}

// Built directly rather than through `Encodable`: a large site has tens of thousands of cards.
// `DirectViewModelTests` checks each against what the encoder makes.

extension CultureCard: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "slug": .string(slug), "url": .string(url), "title": .string(title), "creator": .string(creator),
            "kind": .string(kind), "kindLabel": .string(kindLabel), "kindURL": .string(kindURL),
            "region": .string(region),
            "country": .string(country), "year": .string(year), "length": .string(length), "summary": .string(summary),
            "energy": .string(energy), "energyLabel": .string(energyLabel), "tags": .array(tags)
        ])
    }
}

extension CultureCard.Chip: MustacheConvertible {
    var mustacheValue: MustacheValue { .dictionary(["label": .string(label), "url": .string(url)]) }
}

extension FilterLink: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary(["label": .string(label), "url": .string(url), "count": .int(count), "isCurrent": .bool(isCurrent)])
    }
}

extension CultureListModel: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "heading": .string(heading), "intro": .string(intro), "entries": .array(entries), "allURL": .string(allURL),
            "isAll": .bool(isAll),
            "kinds": .array(kinds), "tags": .array(tags), "feedAtomURL": .string(feedAtomURL),
            "feedJSONURL": .string(feedJSONURL), "pagination": pagination?.mustacheValue ?? .null
        ])
    }
}

extension CultureEntryModel: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "card": card.mustacheValue, "bodyHTML": .string(bodyHTML), "venue": .string(venue), "link": .string(link),
            "linkHost": .string(linkHost), "related": .array(related), "indexURL": .string(indexURL),
            "hasRelated": .bool(hasRelated)
        ])
    }
}

extension CulturePagination: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "current": .int(current), "count": .int(count), "previousURL": .string(previousURL),
            "nextURL": .string(nextURL), "numbers": .array(numbers)
        ])
    }
}

extension CulturePagination.Number: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary(["number": .int(number), "url": .string(url), "isCurrent": .bool(isCurrent), "isGap": .bool(isGap)])
    }
}
