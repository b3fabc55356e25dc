import AuraPlanner
import Foundation
import Mustache
import SiteEngine

/// `/culture/feed.xml` (Atom 1.0) and `/culture/feed.json` (JSON Feed 1.1): the newest
/// `culture: feed_size:` entries, newest first, with absolute URLs.
struct CultureFeeds: Sendable {
    let library: CultureLibrary
    let factory: PageFactory

    /// The newest entries, as many as `culture: feed_size:` allows.
    private var entries: ArraySlice<CultureEntry> { library.entries.prefix(factory.configuration.cultureFeedSize) }

    private struct AtomEntry: Encodable {
        let title: String
        let url: String
        let published: String
        let author: String
        let summary: String
        let contentHTML: String
        let categories: [String]
    }

    private struct Atom: Encodable {
        let title: String
        let feedURL: String
        let pageURL: String
        let updated: String
        let author: String
        let entries: [AtomEntry]
    }

    static let paths = ["culture/feed.xml", "culture/feed.json"]

    /// Whether the feeds show an entry read from one of `names`.
    func shows(anyOf names: Set<String>) -> Bool {
        entries.contains { names.contains($0.fileName) }
    }

    func render(with templates: TemplateLibrary) throws -> [(path: String, data: Data)] {
        // Each body is read and rendered once, for both feeds.
        let bodies = try entries.map { try library.bodyHTML(of: $0) }
        return [
            (
                Self.paths[0],
                try templates.renderData("site/culture-feed.xml", try MustacheValue(encoding: atom(bodies)))
            ),
            (Self.paths[1], try jsonFeed(bodies))
        ]
    }

    private var title: String { "\(factory.configuration.title) · Culture" }

    private func url(_ entry: CultureEntry) -> String { factory.absoluteURL("/culture/\(entry.slug)/") }

    /// RFC 3339 at midnight UTC of the publication day.
    private func timestamp(_ day: String) -> String { day + "T00:00:00Z" }

    private func atom(_ bodies: [String]) -> Atom {
        Atom(
            title: title, feedURL: factory.absoluteURL("/culture/feed.xml"), pageURL: factory.absoluteURL("/culture/"),
            updated: timestamp(library.entries.first?.published ?? "2026-01-01"), author: factory.configuration.title,
            entries: zip(entries, bodies).map { entry, body in
                AtomEntry(
                    title: entry.title, url: url(entry), published: timestamp(entry.published), author: entry.creator,
                    summary: entry.summary, contentHTML: body,
                    categories: [entry.kind.label] + entry.tags.map(\.rawValue))
            })
    }

    private func jsonFeed(_ bodies: [String]) throws -> Data {
        let feed = JSONFeed(
            version: "https://jsonfeed.org/version/1.1", title: title,
            home_page_url: factory.absoluteURL("/culture/"), feed_url: factory.absoluteURL("/culture/feed.json"),
            description: factory.configuration.description, language: factory.configuration.language,
            items: zip(entries, bodies).map { entry, body in
                JSONFeed.Item(
                    id: url(entry), url: url(entry), title: entry.title, summary: entry.summary,
                    content_html: body, date_published: timestamp(entry.published),
                    authors: [.init(name: entry.creator)], tags: [entry.kind.label] + entry.tags.map(\.rawValue))
            })
        return try canonicalJSON(feed)
    }
}

/// JSON Feed 1.1's fields, named as the specification spells them.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct JSONFeed: Encodable {
    struct Author: Encodable {
        let name: String
    }

    struct Item: Encodable {
        let id: String
        let url: String
        let title: String
        let summary: String
        let content_html: String
        let date_published: String
        let authors: [Author]
        let tags: [String]
    }

    let version: String
    let title: String
    let home_page_url: String
    let feed_url: String
    let description: String
    let language: String
    let items: [Item]
}
