import Foundation
import Mustache
import SiteEngine

/// The site as `aura serve` renders pages per request: the settings, theme, assets, navigation
/// and pages of the build that made its `ServedSite`, so a page the server makes (sign-in)
/// wears the same layout, stylesheet and script as the built ones.
public struct LiveSite: Sendable {
    private let factory: PageFactory
    private let theme: Theme
    /// Every page the build makes, by public path, ready to render again with a session.
    private let pages: [String: Page]
    /// A person's pages over the build's, when the site is theirs (`ServedSite.personal`).
    private let personal: PersonalSite?

    /// The pages `assembled` holds.
    init(_ assembled: AssembledSite<AuraSiteDefinition>) {
        factory = assembled.assembly
        pages = Dictionary(assembled.pages.map { ($0.path, $0) }) { first, _ in first }
        theme = assembled.theme
        personal = nil
    }

    /// `site`'s pages with `personal`'s in place of the build's.
    init(_ site: LiveSite, personal: PersonalSite) {
        factory = personal.factory
        pages = site.pages
        theme = site.theme
        self.personal = personal
    }

    /// The page at public `path`: the person's when it is one of theirs, else the build's.
    private func page(at path: String) throws -> Page? {
        if let personal, personal.answers(pageAt: path) { return try personal.page(at: path) }
        return pages[path]
    }

    /// The site's path prefix (`/` or `/aura/`).
    public var root: String { factory.root }

    /// Renders a page of `kind` at site-relative `path`, with `content` as its view model and
    /// `session` (what the server knows of the signed-in person) as the page's `session`;
    /// never indexed by search engines.
    public func render<Content: Encodable>(
        path: String, kind: PageKind, title: String, content: Content,
        session: (any Encodable & Sendable)? = nil
    ) throws -> Data {
        let page = try factory.page(
            path: path, kind: kind, title: title, description: "", content: content,
            inSitemap: false, noindex: true)
        return try render(page, session: session)
    }

    /// The build's page at public `path` (`/planner/`), rendered with `session` (the signed-in
    /// person's name, the forms' token, any notice); nil when the build has no such page.
    public func render(pageAt path: String, session: any Encodable & Sendable) throws -> Data? {
        guard let page = try page(at: path) else { return nil }
        return try render(page, session: session)
    }

    /// The build's public page at `path` for a visitor who is not signed in, with what the server
    /// offers them under `visitor` (where to sign in, and to sign up); nil when there is no such page.
    public func render(pageAt path: String, visitor: any Encodable & Sendable) throws -> Data? {
        guard let page = try page(at: path) else { return nil }
        let added = page.adding(["visitor": try MustacheValue(encoding: visitor)])
        return try theme.render(added)
    }

    private func render(_ page: Page, session: (any Encodable & Sendable)?) throws -> Data {
        let page = try session.map { page.adding(["session": try MustacheValue(encoding: $0)]) } ?? page
        return try theme.render(page)
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
