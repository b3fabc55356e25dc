import Foundation
import Mustache

/// The site as `aura serve` renders pages per request: the build's settings, theme, assets and
/// navigation, loaded once, so a page the server makes (sign-in) wears the same layout,
/// stylesheet and script as the built ones.
public struct LiveSite: Sendable {
    private let factory: PageFactory
    private let templates: TemplateLibrary
    private let templatesDirectory: URL
    /// Every page the build makes, by public path, ready to render again with a session.
    private let pages: [String: Page]

    /// Loads what a build would; errors are the build's own (file, line and column).
    public init(options: BuildOptions) throws {
        let state = try SiteBuilder.loadWithoutRendering(options)
        factory = try state.require(\.factory)
        pages = Dictionary(try state.require(\.pages).map { ($0.path, $0) }) { first, _ in first }
        templates = try state.require(\.theme).templates
        templatesDirectory = options.templatesDirectory
    }

    /// The site's path prefix (`/` or `/aura/`).
    public var root: String { factory.root }

    /// Renders a page of `kind` at site-relative `path`, with `content` as its view model;
    /// never indexed by search engines.
    public func render<Content: Encodable>(
        path: String, kind: PageKind, title: String, content: Content,
        session: SessionContext? = nil
    ) throws -> Data {
        let page = try factory.page(
            path: path, kind: kind, title: title, description: "", content: content,
            inSitemap: false, noindex: true)
        return try render(page, session: session)
    }

    /// The build's page at public `path` (`/planner/`), rendered for a signed-in person: their
    /// name, the forms' token and any notice; nil when the build has no such page.
    public func render(pageAt path: String, session: SessionContext) throws -> Data? {
        guard let page = pages[path] else { return nil }
        return try render(page, session: session)
    }

    private func render(_ page: Page, session: SessionContext?) throws -> Data {
        let page = try session.map { page.adding(["session": try MustacheValue(encoding: $0)]) } ?? page
        return Data(try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory).utf8)
    }
}

/// What a page served to a signed-in person knows of them: every form carries `csrf` back.
public struct SessionContext: Encodable, Sendable {
    public let name: String
    public let csrf: String
    public let signOutAction: String
    /// A line to show above the page (a problem with what was just sent).
    public let notice: String?
    /// What the last Plan My Day changed, for the schedule to mark: `<block id>:new` or
    /// `<block id>:moved`, separated by spaces.
    public let planChanges: String?
    /// The person's account page (`/account/`).
    public let accountURL: String?
    /// The other people signed in on this browser, whom the header's switcher offers.
    public let otherProfiles: [String]
    /// Where the switcher posts (`/profiles/switch`), and where another person signs in.
    public let switchAction: String?
    public let addProfileURL: String?

    public init(
        name: String, csrf: String, signOutAction: String, notice: String? = nil, planChanges: String? = nil,
        accountURL: String? = nil, otherProfiles: [String] = [], switchAction: String? = nil,
        addProfileURL: String? = nil
    ) {
        self.accountURL = accountURL
        self.otherProfiles = otherProfiles
        self.switchAction = switchAction
        self.addProfileURL = addProfileURL
        self.name = name
        self.csrf = csrf
        self.signOutAction = signOutAction
        self.notice = notice
        self.planChanges = planChanges
    }
}

extension LiveSite {
    /// A Markdown file of the content folder (`terms.md`) as an HTML fragment, raw HTML left
    /// out; nil when the file does not exist.
    public static func markdownHTML(of url: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return Markdown.html(try ContentFile.read(url), autolinks: false)
    }
}
