import Foundation
import Mustache
import Platform
import SiteEngine

/// Builds the pages of one site from its settings, content and assets.
struct PageFactory: Sendable {
    /// What every page shares, held once: each page that renders later keeps a copy of the
    /// factory, and a site has tens of thousands of pages.
    private final class Shared: Sendable {
        let configuration: SiteConfiguration
        let assets: AssetBundle
        let root: String
        let navigation: [(title: String, path: String)]

        init(
            configuration: SiteConfiguration, assets: AssetBundle, root: String,
            navigation: [(title: String, path: String)]
        ) {
            self.configuration = configuration
            self.assets = assets
            self.root = root
            self.navigation = navigation
        }
    }

    private let shared: Shared
    var configuration: SiteConfiguration { shared.configuration }
    var assets: AssetBundle { shared.assets }
    /// The base URL's path, such as `/` or `/aura/`.
    var root: String { shared.root }
    /// Top-level destinations shown in the header, by title and site-relative path.
    var navigation: [(title: String, path: String)] { shared.navigation }
    /// Set in a private build: the calendar's secret address and the public pages' navigation.
    var privateSite: PrivateSite?

    /// The person the personal links are for (`BuildOptions.profile`).
    var profile: String?

    /// `path` (`/schedule/…#block-b1`) as a deep link for a notification or calendar alarm: with
    /// `?profile=` before the fragment when the site is a person's on a shared server.
    func deepLink(_ path: String) -> String {
        guard let profile, let name = profile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else {
            return path
        }
        let fragment = path.firstIndex(of: "#") ?? path.endIndex
        return path[..<fragment] + "?profile=" + name + path[fragment...]
    }

    /// Where the calendar of every planned day is published, under the root: `aura.ics`, or a
    /// secret address in a private build.
    var calendarPath: String { privateSite?.calendarPath ?? PersonalPaths.calendar }

    init(configuration: SiteConfiguration, assets: AssetBundle, navigation: [(title: String, path: String)]) {
        shared = Shared(
            configuration: configuration, assets: assets, root: Self.root(of: configuration.baseURL),
            navigation: navigation)
    }

    static func root(of baseURL: URL) -> String {
        BaseURL.root(of: baseURL)
    }

    /// A page of `kind` at site-relative `path` (`/design/`) with `content` as its view model.
    /// `section` is the navigation entry the page belongs to when no entry's path contains its own.
    func page<Content: Encodable>(
        path: String, kind: PageKind, title: String, description: String, content: Content,
        outputFile: String? = nil, inSitemap: Bool = true, noindex: Bool = false,
        canonicalPath: String? = nil, section: String? = nil
    ) throws -> Page {
        let context = try self.context(
            path: path, kind: kind, title: title, description: description, content: content,
            noindex: noindex, canonicalPath: canonicalPath, section: section)
        return Page(
            path: SitePath.resolve(path, root: root), outputFile: outputFile ?? standing(path: path).outputFile,
            template: kind.template, inSitemap: inSitemap, isPersonal: noindex,
            assetPaths: try assets.assets(forPage: kind.name).all
        ) { context }
    }

    /// A page whose view model `content` builds when the page is rendered. `inputs` names
    /// everything `content` reads beyond this factory (the digests of the entries it shows),
    /// and `layout` is `layoutKey(kind)`: together with the page's own path, title and
    /// description they decide whether a previous build's page can stand.
    func page(
        path: String, kind: PageKind, title: String, description: String, layout: String,
        inputs: @escaping @Sendable () -> String, content: @escaping @Sendable () throws -> any Encodable
    ) throws -> Page {
        try pages(kind: kind, layout: layout)(path, title, description, inputs, content)
    }

    /// What makes pages of `kind` as `page(path:kind:title:description:layout:inputs:content:)`
    /// does, the kind's assets looked up once for all of them.
    func pages(kind: PageKind, layout: String) throws
        -> @Sendable (
            _ path: String, _ title: String, _ description: String,
            _ inputs: @escaping @Sendable () -> String,
            _ content: @escaping @Sendable () throws -> any Encodable
        ) -> Page
    {
        let factory = self
        let assetPaths = try assets.assets(forPage: kind.name).all
        return { path, title, description, inputs, content in
            Page(
                path: SitePath.resolve(path, root: factory.root), outputFile: factory.standing(path: path).outputFile,
                template: kind.template, inSitemap: true, isPersonal: false, assetPaths: assetPaths,
                inputs: {
                    Fingerprint.sha256Hex(
                        Array([layout, kind.name, path, title, description, inputs()].joined(separator: "\u{1F}").utf8))
                },
                context: {
                    try factory.context(
                        path: path, kind: kind, title: title, description: description, content: try content(),
                        noindex: false, canonicalPath: nil, section: nil)
                })
        }
    }

    /// The page at site-relative folder `path` (`/culture/kokoro/`) that `page(path:…)` would
    /// make, standing as the previous build made it.
    func standing(path: String) -> StandingPage {
        var outputFile = ""
        outputFile.reserveCapacity(path.utf8.count - 1 + StandingPage.index.utf8.count)
        outputFile += path.dropFirst()
        outputFile += StandingPage.index
        return StandingPage(outputFile: outputFile, root: root)
    }

    /// What every page of `kind` shares whatever its path, title and content: the site's
    /// settings, assets and navigation, as a page of that kind at `/culture/` sees them.
    func layoutKey(_ kind: PageKind) throws -> String {
        var bytes: [UInt8] = []
        try context(
            path: "/culture/", kind: kind, title: "", description: "", content: [String](),
            noindex: false, canonicalPath: nil, section: nil
        ).appendCanonicalBytes(to: &bytes)
        return Fingerprint.sha256Hex(bytes)
    }

    private func context<Content: Encodable>(
        path: String, kind: PageKind, title: String, description: String, content: Content,
        noindex: Bool, canonicalPath: String?, section: String?
    ) throws -> MustacheValue {
        let pageAssets = try assets.assets(forPage: kind.name)
        let common = CommonContext(
            site: .init(
                title: configuration.title, description: configuration.description,
                language: configuration.language, baseURL: configuration.baseURL.absoluteString, root: root),
            page: .init(
                title: title, description: description, path: SitePath.resolve(path, root: root),
                canonicalURL: absoluteURL(canonicalPath ?? path), kind: kind.name, noindex: noindex),
            assets: .init(
                stylesheets: pageAssets.stylesheets, scripts: pageAssets.scripts, icon: assets.iconPath,
                manifest: root + "manifest.webmanifest", font: assets.headingFontPath,
                appleTouchIcon: assets.iconPaths["apple-touch-icon.png"], early: assets.earlyScriptPaths),
            nav: navigation(at: path, section: section))
        guard case .dictionary(var values) = try MustacheValue(encoding: common) else {
            preconditionFailure("a keyed Encodable always encodes to a dictionary")
        }
        values[kind.key] = try MustacheValue(encoding: content)
        return .dictionary(values)
    }

    /// The navigation as seen from `path`: the entry for the page itself is current; otherwise the
    /// entry with the longest path that `path` lies under (in a private build, a public page's
    /// navigation has Unlock in place of the personal pages) (`/culture/` for `/culture/hamlet/`), or
    /// else `section`, marks where the page belongs. Home (`/`) holds only itself.
    func navigation(at path: String, section: String?) -> [CommonContext.NavLink] {
        let personal = PersonalPaths.contains(String(path.dropFirst()))
        let navigation = personal ? navigation : privateSite?.navigation ?? navigation
        let containing = navigation.map(\.path).filter { $0 != "/" && path.hasPrefix($0) }.max { $0.count < $1.count }
        let belongsTo = containing ?? section
        return navigation.map { entry in
            .init(
                title: entry.title, url: SitePath.resolve(entry.path, root: root),
                current: entry.path == path ? "page" : entry.path == belongsTo ? "true" : nil)
        }
    }

    /// The absolute URL of a site-relative path.
    func absoluteURL(_ path: String) -> String {
        configuration.baseURL.absoluteString + path.dropFirst()
    }
}
