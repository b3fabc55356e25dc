import Foundation
import Mustache

/// One output page: which template renders it, with what, and where it goes.
struct Page: Sendable {
    /// The public path, such as `/design/`.
    let path: String
    let outputFile: String
    let template: String
    let context: MustacheValue
    let inSitemap: Bool
    /// Kept out of search engines, and precached by the service worker for offline use.
    let isPersonal: Bool
}

/// What every template receives besides its page's own content.
struct CommonContext: Encodable, Sendable {
    struct Site: Encodable, Sendable {
        let title: String
        let description: String
        let language: String
        let baseURL: String
        let root: String
    }

    struct PageInfo: Encodable, Sendable {
        let title: String
        let description: String
        let path: String
        let canonicalURL: String
        let kind: String
        /// Personal pages ask search engines to stay away.
        let noindex: Bool
    }

    struct Assets: Encodable, Sendable {
        let stylesheet: String
        let script: String
        let icon: String
        let manifest: String
        let font: String?
        let appleTouchIcon: String?
        /// Scripts to load before the first paint, by name.
        let early: [String: String]
    }

    struct NavLink: Encodable, Sendable {
        let title: String
        let url: String
        /// The link's `aria-current`: `page` when it leads to this very page, `true` when this page
        /// lies in its section, nil elsewhere.
        let current: String?
    }

    let site: Site
    let page: PageInfo
    let assets: Assets
    let nav: [NavLink]
    /// The signed-in person, on pages `aura serve` renders for them; nil in the static build.
    var session: SessionContext? = nil
}

/// Builds the pages of one site from its settings, content and assets.
struct PageFactory: Sendable {
    let configuration: SiteConfiguration
    let assets: AssetBundle
    /// The base URL's path, such as `/` or `/aura/`.
    let root: String
    /// Top-level destinations shown in the header, by title and site-relative path.
    let navigation: [(title: String, path: String)]

    init(configuration: SiteConfiguration, assets: AssetBundle, navigation: [(title: String, path: String)]) {
        self.configuration = configuration
        self.assets = assets
        self.navigation = navigation
        root = Self.root(of: configuration.baseURL)
    }

    static func root(of baseURL: URL) -> String {
        BaseURL.root(of: baseURL)
    }

    /// A page at site-relative `path` (`/design/`) rendered by `template`, with `content` under `key`.
    /// `section` is the navigation entry the page belongs to when no entry's path contains its own.
    func page<Content: Encodable>(path: String, kind: String, title: String, description: String,
                                  template: String, key: String, content: Content,
                                  outputFile: String? = nil, inSitemap: Bool = true, noindex: Bool = false,
                                  canonicalPath: String? = nil, section: String? = nil) throws -> Page {
        let publicPath = SitePath.resolve(path, root: root)
        let common = CommonContext(
            site: .init(title: configuration.title, description: configuration.description,
                        language: configuration.language, baseURL: configuration.baseURL.absoluteString, root: root),
            page: .init(title: title, description: description, path: publicPath,
                        canonicalURL: absoluteURL(canonicalPath ?? path), kind: kind, noindex: noindex),
            assets: .init(stylesheet: assets.stylesheetPath, script: assets.scriptPath, icon: assets.iconPath,
                          manifest: root + "manifest.webmanifest", font: assets.headingFontPath,
                          appleTouchIcon: assets.iconPaths["apple-touch-icon.png"], early: assets.earlyScriptPaths),
            nav: navigation(at: path, section: section))
        guard case .dictionary(var values) = try MustacheValue(encoding: common) else {
            preconditionFailure("a keyed Encodable always encodes to a dictionary")
        }
        values[key] = try MustacheValue(encoding: content)
        let file = outputFile ?? String(path.dropFirst()) + "index.html"
        return Page(path: publicPath, outputFile: file, template: template, context: .dictionary(values),
                    inSitemap: inSitemap, isPersonal: noindex)
    }

    /// The navigation as seen from `path`: the entry for the page itself is current; otherwise the
    /// entry with the longest path that `path` lies under (`/culture/` for `/culture/hamlet/`), or
    /// else `section`, marks where the page belongs. Home (`/`) holds only itself.
    func navigation(at path: String, section: String?) -> [CommonContext.NavLink] {
        let containing = navigation.map(\.path).filter { $0 != "/" && path.hasPrefix($0) }.max { $0.count < $1.count }
        let belongsTo = containing ?? section
        return navigation.map { entry in
            .init(title: entry.title, url: SitePath.resolve(entry.path, root: root),
                  current: entry.path == path ? "page" : entry.path == belongsTo ? "true" : nil)
        }
    }

    /// The absolute URL of a site-relative path.
    func absoluteURL(_ path: String) -> String {
        configuration.baseURL.absoluteString + path.dropFirst()
    }
}
