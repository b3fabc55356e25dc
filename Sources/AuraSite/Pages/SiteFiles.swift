import AuraPlanner
import Foundation
import Mustache
import SiteEngine

/// The files around the pages: sitemap, robots.txt and the web app manifest.
struct SiteFiles: Sendable {
    let factory: PageFactory
    let pages: PageList
    /// Pages the build carries over unmade (`SitePages.standing`).
    let standing: [StandingPage]
    let tokens: DesignTokens
    let content: SiteContent

    /// What the sitemap and `robots.txt` show. Its template value is made directly: a large
    /// site lists tens of thousands of addresses, each one string rather than a dictionary.
    struct Sitemap: MustacheConvertible {
        /// Every listed page's address, sorted.
        let urls: [String]
        let sitemapURL: String
        /// Personal pages, kept out of search engines.
        let privatePaths: [String]

        var mustacheValue: MustacheValue {
            .dictionary([
                "urls": .array(urls.map(MustacheValue.string)),
                "sitemapURL": .string(sitemapURL),
                "privatePaths": .array(privatePaths.map(MustacheValue.string))
            ])
        }
    }

    /// The files around the pages `assembled` holds.
    init(_ assembled: AssembledSite<AuraSiteDefinition>) {
        factory = assembled.assembly
        pages = assembled.pages
        standing = assembled.standing
        tokens = assembled.theme.tokens
        content = assembled.content
    }

    /// The sitemap and `robots.txt`, the web app manifest, the culture feeds, and the planner's
    /// calendars and notifications. `bodyEdits` are `LoadedContent.entryEdits`.
    func groups(with templates: TemplateLibrary, bodyEdits: Set<String>?) -> [FileGroup] {
        let feeds = CultureFeeds(library: content.culture, factory: factory)
        return [
            FileGroup(paths: ["sitemap.xml", "robots.txt"], mayCarry: bodyEdits != nil) {
                try sitemap(with: templates)
            },
            FileGroup(paths: ["manifest.webmanifest"], mayCarry: bodyEdits != nil) {
                [("manifest.webmanifest", try manifest())]
            },
            FileGroup(paths: CultureFeeds.paths, mayCarry: bodyEdits.map { !feeds.shows(anyOf: $0) } ?? false) {
                try feeds.render(with: templates)
            },
            FileGroup(paths: [], mayCarry: false) { [content, factory] in
                try Self.plannerFiles(of: content.planner, factory: factory)
            }
        ]
    }

    private func sitemap(with templates: TemplateLibrary) throws -> [(path: String, data: Data)] {
        let base = factory.configuration.baseURL.absoluteString
        // Every path starts with the root, so the addresses sort as the paths do: sorted, a build
        // that carries most pages over lists them as one that makes them all.
        // Lazily: an entry's page is made to be looked at, and let go.
        var urls = Array(pages.lazy.filter(\.inSitemap).map { base + $0.path.dropFirst(factory.root.count) })
        urls += standing.map { base + $0.path.dropFirst(factory.root.count) }
        urls.sort()
        let sitemap = Sitemap(
            urls: urls,
            sitemapURL: factory.absoluteURL("/sitemap.xml"),
            privatePaths: (PersonalPaths.all + (factory.privateSite == nil ? [] : [PrivateSite.calendarFolder]))
                .map { factory.root + $0 })
        let context = sitemap.mustacheValue
        return [
            ("sitemap.xml", try templates.renderData("site/sitemap.xml", context)),
            ("robots.txt", try templates.renderData("site/robots.txt", context))
        ]
    }

    /// The calendars and `/notifications.json` of `planner`, when it has a plan.
    static func plannerFiles(of planner: PlannerContent, factory: PageFactory) throws -> [(path: String, data: Data)] {
        guard let snapshot = planner.snapshot, let today = snapshot.today else { return [] }
        let open = today.blocks.flatMap(\.tasks).count - today.finishedTasks(in: planner.store).count
        let notifications = try NotificationsViewModel(today, factory: factory)
            .json(generated: snapshot.generated, timeZone: today.timeZone, badge: open)
        return PlanCalendars(snapshot: snapshot, factory: factory).files() + [("notifications.json", notifications)]
    }

    private func manifest() throws -> Data {
        let configuration = factory.configuration
        let background = tokens.color("background")!.light.hex
        var icons = [
            WebAppManifest.Icon(src: factory.assets.iconPath, sizes: "any", type: "image/svg+xml", purpose: "any")
        ]
        for (name, path) in factory.assets.iconPaths.sorted(by: { $0.key < $1.key }) {
            for (prefix, purpose) in [("icon-", "any"), ("maskable-", "maskable")]
            where name.hasPrefix(prefix) && name.hasSuffix(".png") {
                let size = name.dropFirst(prefix.count).dropLast(4)
                icons.append(.init(src: path, sizes: "\(size)x\(size)", type: "image/png", purpose: purpose))
            }
        }
        let start = content.planner.snapshot == nil ? factory.root : factory.root + "dashboard/"
        let manifest = WebAppManifest(
            name: configuration.title, short_name: configuration.title, description: configuration.description,
            lang: configuration.language, start_url: start, scope: factory.root, display: "standalone",
            background_color: background, theme_color: background, icons: icons)
        return try canonicalJSON(manifest)
    }

    static let serviceWorkerPath = "sw.js"

    private struct ServiceWorker: Encodable {
        let version: String
        let shellJSON: String
        let personalJSON: String
        let offlineURL: String
        let root: String
    }

    /// `/sw.js`, versioned by every other file of the build. It precaches two lists: the app
    /// shell (the stylesheets and scripts the precached pages load, fonts, icons, the manifest,
    /// the landing and offline pages), which must all be there, and the personal pages of the
    /// coming days with their data, which `aura deploy` leaves off the host unless `site.yml`
    /// says `deploy: {personal: true}`, so the worker takes them only where the host has them.
    func serviceWorker(version: String, with templates: TemplateLibrary) throws -> Data {
        let assets = factory.assets
        // The landing page too: a first visit may come before the worker took control, and the
        // app's home must then still open offline rather than fall back to /offline/.
        let precached = pages.filter { $0.isPersonal || $0.path == factory.root }
        // Personal as `aura deploy` reads it (`PersonalPaths.holdsTheDay`): the offline page is
        // kept out of search engines too, but every deploy sends it.
        var shell =
            Set(precached.flatMap(\.assetPaths)).sorted() + [factory.root + "manifest.webmanifest"]
            + (assets.headingFontPath.map { [$0] } ?? []) + assets.iconPaths.values.sorted()
            + assets.earlyScriptPaths.values.sorted()
            + precached.filter { !PersonalPaths.contains($0.outputFile) }.map(\.path)
        var personal = precached.filter { PersonalPaths.contains($0.outputFile) }.map(\.path)
        var data = content.planner.snapshot == nil ? [] : [factory.root + "notifications.json"]
        if factory.privateSite != nil {
            // Offline, a sealed page opens from its shell, its sealed file, the header and the unlock page.
            personal += pages.filter { PersonalPaths.contains($0.outputFile) }.map {
                factory.root + $0.outputFile + SealedFile.suffix
            }
            data = data.map { $0 + SealedFile.suffix }
            // The unlock page and the header are not personal: every deploy sends them, as it
            // sends the landing page, so a host without them has a broken deploy, and the install
            // fails (to be tried again) rather than keep an app that cannot unlock offline.
            shell += [factory.root + "login/", factory.root + PrivateHeader.path]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let worker = ServiceWorker(
            version: version, shellJSON: String(decoding: try encoder.encode(shell), as: UTF8.self),
            personalJSON: String(decoding: try encoder.encode(personal + data), as: UTF8.self),
            offlineURL: factory.root + "offline/", root: factory.root)
        return try templates.renderData("site/sw.js", try MustacheValue(encoding: worker))
    }
}

/// The W3C web app manifest's fields that Aura sets (names as the standard spells them).
// swift-format-ignore: AlwaysUseLowerCamelCase
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
