import Foundation

/// The culture section's pages: the index with tonight's picks, one list per kind and per
/// tag, and one page per entry.
struct CulturePages: Sendable {
    let pages: [Page]

    init(library: CultureLibrary, picks: TonightsPicks, factory: PageFactory) throws {
        let root = factory.root
        let cards = library.entries.map { CultureCard($0, root: root) }
        func filters(current: String?) -> (kinds: [FilterLink], tags: [FilterLink]) {
            let kinds = CultureEntry.Kind.allCases.compactMap { kind -> FilterLink? in
                let count = library.entries.filter { $0.kind == kind }.count
                guard count > 0 else { return nil }
                return FilterLink(label: kind.label, url: root + "culture/kinds/\(kind.rawValue)/", count: count,
                                  isCurrent: current == "kind:\(kind.rawValue)")
            }
            let tags = CultureEntry.Tag.allCases.map { tag in
                FilterLink(label: tag.rawValue, url: root + "culture/tags/\(tag.slug)/",
                           count: library.entries.filter { $0.tags.contains(tag) }.count, isCurrent: current == "tag:\(tag.slug)")
            }
            return (kinds, tags)
        }
        let pageSize = factory.configuration.culturePageSize
        /// The list at `path`, `pageSize` entries a page: page 1 at `path`, the rest at `path/page/n/`.
        func list(path: String, title: String, description: String, heading: String, intro: String,
                  entries: [CultureCard], current: String?, withPicks: Bool) throws -> [Page] {
            let (kinds, tags) = filters(current: current)
            let evening = picks.evening
            let count = max(1, (entries.count + pageSize - 1) / pageSize)
            return try (1...count).map { number in
                let pagination = CulturePagination(current: number, count: count) { root + String(CulturePagination.path(path, page: $0).dropFirst()) }
                let first = number == 1 && withPicks
                return try factory.page(
                    path: CulturePagination.path(path, page: number), kind: .cultureList,
                    title: number == 1 ? title : "\(title) · Page \(number) of \(count)", description: description,
                    content: CultureListModel(
                        heading: heading, intro: intro,
                        evening: first ? .init(level: evening.level.rawValue, label: CultureCard.energyLabel(evening.level),
                                               headline: evening.headline, basedOnPlan: evening.basedOnPlan) : nil,
                        picks: first ? picks.picks.map { .init(card: CultureCard($0.entry, root: root), why: $0.why) } : [],
                        entries: Array(entries.dropFirst((number - 1) * pageSize).prefix(pageSize)), allURL: root + "culture/",
                        isAll: current == nil, kinds: kinds, tags: tags,
                        feedAtomURL: root + "culture/feed.xml", feedJSONURL: root + "culture/feed.json", pagination: pagination))
            }
        }

        var pages = try list(
            path: "/culture/", title: "Culture",
            description: "Literature, theatre and drama from around the world, matched to the energy your day leaves for the evening.",
            heading: "Culture", intro: "Literature, theatre and drama from around the world, each tagged with how you can experience it: Live Visit, Read Script or Digital Stage.",
            entries: cards, current: nil, withPicks: true)
        for kind in CultureEntry.Kind.allCases {
            let matching = zip(library.entries, cards).filter { $0.0.kind == kind }.map(\.1)
            guard !matching.isEmpty else { continue }
            pages += try list(
                path: "/culture/kinds/\(kind.rawValue)/", title: "\(kind.label) · Culture",
                description: "Every \(kind.label.lowercased()) recommendation in Aura.",
                heading: kind.label, intro: "\(matching.count) \(kind.label.lowercased()) recommendations.",
                entries: matching, current: "kind:\(kind.rawValue)", withPicks: false)
        }
        for tag in CultureEntry.Tag.allCases {
            let matching = zip(library.entries, cards).filter { $0.0.tags.contains(tag) }.map(\.1)
            pages += try list(
                path: "/culture/tags/\(tag.slug)/", title: "\(tag.rawValue) · Culture", description: Self.tagDescription(tag),
                heading: tag.rawValue, intro: Self.tagDescription(tag), entries: matching,
                current: "tag:\(tag.slug)", withPicks: false)
        }
        let entryPages = [Result<Page, any Error>](concurrentlyMapping: cards.count) { index in
            let entry = library.entries[index]
            let related = library.related(to: entry).map { CultureCard($0, root: root) }
            return Result {
                try factory.page(
                    path: "/culture/\(entry.slug)/", kind: .cultureEntry, title: entry.title, description: entry.summary,
                    content: CultureEntryModel(card: cards[index], bodyHTML: entry.bodyHTML, venue: entry.venue,
                                               link: entry.link?.absoluteString, linkHost: entry.link?.host,
                                               related: related, indexURL: root + "culture/", hasRelated: !related.isEmpty))
            }
        }
        self.pages = try pages + entryPages.map { try $0.get() }
    }

    static func tagDescription(_ tag: CultureEntry.Tag) -> String {
        switch tag {
        case .liveVisit: "Works and places you can see in person, at a permanent venue or company."
        case .readScript: "Texts you can read tonight: novels, poems and the scripts of plays."
        case .digitalStage: "Stages you can watch from home, through a recording or a legitimate stream."
        }
    }
}
