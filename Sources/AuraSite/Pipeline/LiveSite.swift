import Foundation
import Mustache

/// The site as `aura serve` renders pages per request: the build's settings, theme, assets and
/// navigation, loaded once, so a page the server makes (sign-in) wears the same layout,
/// stylesheet and script as the built ones.
public struct LiveSite: Sendable {
    private let factory: PageFactory
    private let templates: TemplateLibrary
    private let templatesDirectory: URL

    /// Loads what a build would; errors are the build's own (file, line and column).
    public init(options: BuildOptions) throws {
        var configuration = try SiteConfiguration.load(contentDirectory: options.contentDirectory)
        if let baseURL = options.baseURL { configuration.baseURL = baseURL }
        let theme = try Theme.load(from: options.templatesDirectory)
        let root = PageFactory.root(of: configuration.baseURL)
        let content = try SiteContent.load(contentDirectory: options.contentDirectory, root: root)
        factory = PageFactory(configuration: configuration, assets: try AssetBundle(theme: theme, root: root),
                              navigation: SiteBuilder.navigation(for: content))
        templates = theme.templates
        templatesDirectory = options.templatesDirectory
    }

    /// The site's path prefix (`/` or `/aura/`).
    public var root: String { factory.root }

    /// Renders `template` as the page at site-relative `path`, with `content` under `key`;
    /// never indexed by search engines.
    public func render<Content: Encodable>(path: String, kind: String, title: String, template: String,
                                           key: String, content: Content) throws -> Data {
        let page = try factory.page(path: path, kind: kind, title: title, description: "", template: template,
                                    key: key, content: content, inSitemap: false, noindex: true)
        return Data(try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory).utf8)
    }
}
