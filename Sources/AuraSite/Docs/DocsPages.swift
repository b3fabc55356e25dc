import SiteEngine

/// The documentation section's pages: each document with the section's contents beside it.
struct DocsPages {
    /// What a docs page shows.
    struct Model: Encodable, Sendable {
        /// The section's contents, by group (the documents at the top first, then a group per folder).
        struct Group: Encodable, Sendable {
            let title: String?
            let items: [Item]
        }

        struct Item: Encodable, Sendable {
            let title: String
            let url: String
            /// `page` on the page's own entry, for `aria-current`.
            let current: String?
        }

        let bodyHTML: String
        let groups: [Group]
    }

    let pages: [Page]

    init(section: DocsSection?, factory: PageFactory) throws {
        guard let section else {
            pages = []
            return
        }
        var groups: [(name: String, documents: [DocsSection.Document])] = []
        for document in section.documents {
            if let place = groups.firstIndex(where: { $0.name == document.group }) {
                groups[place].documents.append(document)
            } else {
                groups.append((document.group, [document]))
            }
        }
        let title = factory.configuration.title
        pages = try section.documents.map { document in
            let contents = groups.map { group in
                Model.Group(
                    title: group.name.isEmpty ? nil : group.name.prefix(1).uppercased() + group.name.dropFirst(),
                    items: group.documents.map { item in
                        Model.Item(
                            title: item.title, url: factory.root + item.path.dropFirst(),
                            current: item.path == document.path ? "page" : nil)
                    })
            }
            return try factory.page(
                path: document.path, kind: .docs, title: document.title,
                description: "\(document.title): \(title)'s documentation.",
                content: Model(bodyHTML: document.html, groups: contents), section: DocsSection.path)
        }
    }
}
