import Foundation
import Mustache

/// Builds the pages of one site from its settings, content and assets.
struct PageFactory: Sendable {
    let configuration: SiteConfiguration
    let assets: AssetBundle
    /// The base URL's path, such as `/` or `/aura/`.
    let root: String
    /// Top-level destinations shown in the header, by title and site-relative path.
    let navigation: [(title: String, path: String)]
    /// Set in a private build: the calendar's secret address and the public pages' navigation.
    var privateSite: PrivateSite?

    /// The person the personal links are for (`BuildOptions.profile`).
    var profile: String?

    /// `path` (`/schedule/…#block-b1`) as a deep link for a notification or calendar alarm: with
    /// `?profile=` before the fragment when the site is a person's on a shared server.
    func deepLink(_ path: String) -> String {
        guard let profile, let name = profile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return path }
        let fragment = path.firstIndex(of: "#") ?? path.endIndex
        return path[..<fragment] + "?profile=" + name + path[fragment...]
    }

    /// Where the calendar of every planned day is published, under the root: `aura.ics`, or a
    /// secret address in a private build.
    var calendarPath: String { privateSite?.calendarPath ?? PersonalPaths.calendar }

    init(configuration: SiteConfiguration, assets: AssetBundle, navigation: [(title: String, path: String)]) {
        self.configuration = configuration
        self.assets = assets
        self.navigation = navigation
        root = Self.root(of: configuration.baseURL)
    }

    static func root(of baseURL: URL) -> String {
        BaseURL.root(of: baseURL)
    }

    /// A page of `kind` at site-relative `path` (`/design/`) with `content` as its view model.
    /// `section` is the navigation entry the page belongs to when no entry's path contains its own.
    func page<Content: Encodable>(path: String, kind: PageKind, title: String, description: String, content: Content,
                                  outputFile: String? = nil, inSitemap: Bool = true, noindex: Bool = false,
                                  canonicalPath: String? = nil, section: String? = nil) throws -> Page {
        let publicPath = SitePath.resolve(path, root: root)
        let pageAssets = try assets.assets(forPage: kind.name)
        let common = CommonContext(
            site: .init(title: configuration.title, description: configuration.description,
                        language: configuration.language, baseURL: configuration.baseURL.absoluteString, root: root),
            page: .init(title: title, description: description, path: publicPath,
                        canonicalURL: absoluteURL(canonicalPath ?? path), kind: kind.name, noindex: noindex),
            assets: .init(stylesheets: pageAssets.stylesheets, scripts: pageAssets.scripts, icon: assets.iconPath,
                          manifest: root + "manifest.webmanifest", font: assets.headingFontPath,
                          appleTouchIcon: assets.iconPaths["apple-touch-icon.png"], early: assets.earlyScriptPaths),
            nav: navigation(at: path, section: section))
        guard case .dictionary(var values) = try MustacheValue(encoding: common) else {
            preconditionFailure("a keyed Encodable always encodes to a dictionary")
        }
        values[kind.key] = try MustacheValue(encoding: content)
        let file = outputFile ?? String(path.dropFirst()) + "index.html"
        return Page(path: publicPath, outputFile: file, template: kind.template, context: .dictionary(values),
                    inSitemap: inSitemap, isPersonal: noindex, assetPaths: pageAssets.all)
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
            .init(title: entry.title, url: SitePath.resolve(entry.path, root: root),
                  current: entry.path == path ? "page" : entry.path == belongsTo ? "true" : nil)
        }
    }

    /// The absolute URL of a site-relative path.
    func absoluteURL(_ path: String) -> String {
        configuration.baseURL.absoluteString + path.dropFirst()
    }
}
