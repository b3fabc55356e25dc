import AuraTestSupport
import Foundation
import Mustache
import Platform
import Testing

@testable import AuraSite

/// The view models a large site builds by the thousand make their template values directly;
/// each must give exactly what encoding it through `Encodable` gives, field for field.
struct DirectViewModelTests {
    private static let entry = CultureEntry(
        slug: "kokoro", sourceFolder: "", title: "Kokoro", creator: "Natsume Sōseki", kind: .literature,
        region: "East Asia", country: "Japan", year: "-1914", tags: [.readScript, .liveVisit], energy: .low,
        length: "about 250 pages", venue: "A library", link: "https://example.org/kokoro",
        summary: "A teacher's secret.", published: "2026-11-02",
        source: CultureSource(
            name: "kokoro.md", metaDigest: Fingerprint.sha256(Array("m".utf8)),
            bodyDigest: Fingerprint.sha256(Array("b".utf8))))

    private func expectSame<Model: MustacheConvertible>(_ model: Model) throws {
        let direct = try MustacheValue(encoding: model)
        let encoded = try MustacheValue(encoding: model, convertingDirectly: false)
        #expect(direct == encoded)
        #expect(direct == model.mustacheValue)
    }

    @Test func cultureModelsMatchTheirEncoding() throws {
        let card = CultureCard(Self.entry, root: "/aura/")
        let filters = [FilterLink(label: "Drama", url: "/aura/culture/kinds/drama/", count: 3, isCurrent: true)]
        let pagination = CulturePagination(current: 2, count: 9) { "/aura/culture/page/\($0)/" }
        try expectSame(card)
        try expectSame(
            CultureListModel(
                heading: "Culture", intro: "All of it", entries: [card, card], allURL: "/aura/culture/",
                isAll: false,
                kinds: filters, tags: filters, feedAtomURL: "/a.xml", feedJSONURL: "/a.json", pagination: pagination))
        try expectSame(
            CultureListModel(
                heading: "H", intro: "I", entries: [], allURL: "/", isAll: true, kinds: [],
                tags: [],
                feedAtomURL: "", feedJSONURL: "", pagination: nil))
        try expectSame(
            CultureEntryModel(
                card: card, bodyHTML: "<p>x</p>", venue: nil, link: "https://example.org/kokoro",
                linkHost: nil, related: [card], indexURL: "/aura/culture/", hasRelated: true))
    }

    @Test func theCommonContextMatchesItsEncoding() throws {
        try expectSame(
            CommonContext(
                site: .init(
                    title: "Aura", description: "D", language: "en", baseURL: "https://example.org/aura/",
                    root: "/aura/"),
                page: .init(
                    title: "T", description: "PD", path: "/aura/x/", canonicalURL: "https://example.org/aura/x/",
                    kind: "culture", noindex: true),
                assets: .init(
                    stylesheets: ["/a.css"], scripts: ["/a.js", "/b.js"], icon: "/i.svg", manifest: "/m", font: nil,
                    appleTouchIcon: "/t.png", early: ["theme": "/e.js"]),
                nav: [
                    .init(title: "Home", url: "/aura/", current: nil),
                    .init(title: "Culture", url: "/aura/culture/", current: "page")
                ]))
    }

    @Test func theSitemapMatchesItsEncoding() throws {
        try expectSame(
            SiteFiles.Sitemap(
                urls: ["https://example.org/aura/", "https://example.org/aura/culture/"],
                sitemapURL: "https://example.org/aura/sitemap.xml", privatePaths: ["/aura/dashboard/"]))
        try expectSame(SiteFiles.Sitemap(urls: [], sitemapURL: "", privatePaths: []))
    }
}
