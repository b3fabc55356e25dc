import Foundation
import SiteEngine

/// The culture section's pages: the catalogue, one list per kind and per tag, and one page per
/// entry. They are public, so nothing on them comes from anyone's day: tonight's picks are on
/// the person's own dashboard.
struct CulturePages: Sendable {
    /// The list pages, held, then the entries' pages, made as they are asked for.
    let pages: PageList
    /// The pages that stand as the previous build made them (`bodyEdits`).
    let standing: [StandingPage]

    /// `bodyEdits`, when set, names the only entries whose inputs changed since the previous
    /// build, and only in their bodies: every list page and every other entry's page stands as
    /// that build wrote it, and only the edited entries' pages are made.
    init(library: CultureLibrary, factory: PageFactory, bodyEdits: Set<String>? = nil) throws {
        let root = factory.root
        let entries = library.entries
        let listLayout = bodyEdits == nil ? try factory.layoutKey(.cultureList) : ""
        let entryLayout = bodyEdits?.isEmpty == true ? "" : try factory.layoutKey(.cultureEntry)
        var standing: [StandingPage] = []
        var kindCounts: [CultureEntry.Kind: Int] = [:]
        var tagCounts: [CultureEntry.Tag: Int] = [:]
        for entry in entries {
            kindCounts[entry.kind, default: 0] += 1
            for tag in entry.tags { tagCounts[tag, default: 0] += 1 }
        }
        func filters(current: String?) -> (kinds: [FilterLink], tags: [FilterLink]) {
            let kinds = CultureEntry.Kind.allCases.compactMap { kind -> FilterLink? in
                guard let count = kindCounts[kind] else { return nil }
                return FilterLink(
                    label: kind.label, url: root + "culture/kinds/\(kind.rawValue)/", count: count,
                    isCurrent: current == "kind:\(kind.rawValue)")
            }
            let tags = CultureEntry.Tag.allCases.map { tag in
                FilterLink(
                    label: tag.rawValue, url: root + "culture/tags/\(tag.slug)/",
                    count: tagCounts[tag] ?? 0, isCurrent: current == "tag:\(tag.slug)")
            }
            return (kinds, tags)
        }
        let pageSize = factory.configuration.culturePageSize
        /// The list at `path` of the `shown` entries, `entryCount` of them, `pageSize` a page:
        /// page 1 at `path`, the rest at `path/page/n/`.
        func list(
            path: String, title: String, description: String, heading: String, intro: String,
            entryCount: Int, shown: () -> [CultureEntry], current: String?
        ) throws -> [Page] {
            let count = max(1, (entryCount + pageSize - 1) / pageSize)
            guard bodyEdits == nil else {
                standing += (1...count).map { factory.standing(path: CulturePagination.path(path, page: $0)) }
                return []
            }
            let entries = shown()
            let (kinds, tags) = filters(current: current)
            let filtersKey = (kinds + tags).map { "\($0.label) \($0.count) \($0.isCurrent)" }.joined(
                separator: "\u{1F}")
            return try (1...count).map { number in
                let shown = Array(entries.dropFirst((number - 1) * pageSize).prefix(pageSize))
                let inputs: @Sendable () -> String = {
                    (["list \(number) of \(count)", heading, intro, filtersKey]
                        + shown.map(\.source.metaDigest.hex)).joined(separator: "\u{1F}")
                }
                return try factory.page(
                    path: CulturePagination.path(path, page: number), kind: .cultureList,
                    title: number == 1 ? title : "\(title) · Page \(number) of \(count)", description: description,
                    layout: listLayout, inputs: inputs
                ) {
                    let pagination = CulturePagination(current: number, count: count) {
                        root + String(CulturePagination.path(path, page: $0).dropFirst())
                    }
                    return CultureListModel(
                        heading: heading, intro: intro, entries: shown.map { CultureCard($0, root: root) },
                        allURL: root + "culture/",
                        isAll: current == nil, kinds: kinds, tags: tags,
                        feedAtomURL: root + "culture/feed.xml", feedJSONURL: root + "culture/feed.json",
                        pagination: pagination)
                }
            }
        }

        var pages = try list(
            path: "/culture/", title: "Culture",
            description:
                "Literature, theatre and drama from around the world, each tagged with how you can experience it.",
            heading: "Culture",
            intro:
                "Literature, theatre and drama from around the world, each tagged with how you can experience it: Live Visit, Read Script or Digital Stage.",
            entryCount: entries.count, shown: { entries }, current: nil)
        for kind in CultureEntry.Kind.allCases {
            guard let count = kindCounts[kind] else { continue }
            pages += try list(
                path: "/culture/kinds/\(kind.rawValue)/", title: "\(kind.label) · Culture",
                description: "Every \(kind.label.lowercased()) recommendation in Aura.",
                heading: kind.label, intro: "\(count) \(kind.label.lowercased()) recommendations.",
                entryCount: count, shown: { entries.filter { $0.kind == kind } }, current: "kind:\(kind.rawValue)")
        }
        for tag in CultureEntry.Tag.allCases {
            pages += try list(
                path: "/culture/tags/\(tag.slug)/", title: "\(tag.rawValue) · Culture",
                description: Self.tagDescription(tag),
                heading: tag.rawValue, intro: Self.tagDescription(tag), entryCount: tagCounts[tag] ?? 0,
                shown: { entries.filter { $0.tags.contains(tag) } }, current: "tag:\(tag.slug)")
        }
        var (edited, others): ([CultureEntry], [CultureEntry]) = ([], [])
        if let bodyEdits {
            others.reserveCapacity(entries.count)
            for entry in entries {
                if bodyEdits.contains(entry.fileName) { edited.append(entry) } else { others.append(entry) }
            }
            let unedited = others
            standing += [StandingPage](concurrentlyMapping: unedited.count) {
                factory.standing(path: "/culture/\(unedited[$0].slug)/")
            }
        }
        let made = bodyEdits == nil ? entries : edited
        var entryPages = PageList()
        // A theme need not know entry pages while there are none to make.
        if !made.isEmpty {
            let entryPage = try factory.pages(kind: .cultureEntry, layout: entryLayout)
            entryPages = PageList(count: made.count) { index in
                let entry = made[index]
                let related = library.related(to: entry)
                return entryPage(
                    "/culture/\(entry.slug)/", entry.title, entry.summary,
                    {
                        ([entry.source.metaDigest.hex, entry.source.bodyDigest.hex]
                            + related.map(\.source.metaDigest.hex)).joined(separator: "\u{1F}")
                    }
                ) {
                    CultureEntryModel(
                        card: CultureCard(entry, root: root), bodyHTML: try library.bodyHTML(of: entry),
                        venue: entry.venue,
                        link: entry.link, linkHost: entry.link.flatMap(URL.init(string:))?.host,
                        related: related.map { CultureCard($0, root: root) }, indexURL: root + "culture/",
                        hasRelated: !related.isEmpty)
                }
            }
        }
        self.pages = PageList(pages) + entryPages
        self.standing = standing
    }

    static func tagDescription(_ tag: CultureEntry.Tag) -> String {
        switch tag {
        case .liveVisit: "Works and places you can see in person, at a permanent venue or company."
        case .readScript: "Texts you can read tonight: novels, poems and the scripts of plays."
        case .digitalStage: "Stages you can watch from home, through a recording or a legitimate stream."
        }
    }
}
