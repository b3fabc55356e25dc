import Foundation
import Mustache

/// The files around the pages: sitemap, robots.txt and the web app manifest.
struct SiteFiles: Sendable {
    let factory: PageFactory
    let pages: [Page]
    let tokens: DesignTokens
    let culture: CultureLibrary

    private struct SitemapEntry: Encodable {
        let url: String
    }

    private struct Sitemap: Encodable {
        let entries: [SitemapEntry]
        let sitemapURL: String
    }

    func render(with templates: TemplateLibrary) throws -> [(path: String, data: Data)] {
        let sitemap = Sitemap(
            entries: pages.filter(\.inSitemap).map { SitemapEntry(url: factory.configuration.baseURL.absoluteString + $0.path.dropFirst(factory.root.count)) },
            sitemapURL: factory.absoluteURL("/sitemap.xml"))
        let context = try MustacheValue(encoding: sitemap)
        return [
            ("sitemap.xml", Data(try templates.render("site/sitemap.xml", context).utf8)),
            ("robots.txt", Data(try templates.render("site/robots.txt", context).utf8)),
            ("manifest.webmanifest", try manifest()),
        ] + (try CultureFeeds(library: culture, factory: factory).render(with: templates))
    }

    private func manifest() throws -> Data {
        let configuration = factory.configuration
        let background = tokens.color("background")!.light.hex
        let manifest = WebAppManifest(
            name: configuration.title, short_name: configuration.title, description: configuration.description,
            lang: configuration.language, start_url: factory.root, scope: factory.root, display: "standalone",
            background_color: background, theme_color: background,
            icons: [.init(src: factory.assets.iconPath, sizes: "any", type: "image/svg+xml", purpose: "any maskable")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(manifest) + Data("\n".utf8)
    }
}

/// The W3C web app manifest's fields that Aura sets (names as the standard spells them).
private struct WebAppManifest: Encodable {
    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    let name: String
    let short_name: String
    let description: String
    let lang: String
    let start_url: String
    let scope: String
    let display: String
    let background_color: String
    let theme_color: String
    let icons: [Icon]
}
