import Foundation
import SiteEngine

/// The site's HTML pages, built from content and tokens.
struct SitePages: Sendable {
    /// The pages to make, or to carry over when their keys and files are the previous build's.
    let all: PageList
    /// The pages that stand as the previous build made them.
    let standing: [StandingPage]

    /// `bodyEdits`, when set, names the only culture entries whose inputs changed since the
    /// previous build (`LoadedContent.entryEdits`).
    init(
        factory: PageFactory, tokens: DesignTokens, content: SiteContent, contentDirectory: URL,
        bodyEdits: Set<String>? = nil
    ) throws {
        let culture = try CulturePages(library: content.culture, factory: factory, bodyEdits: bodyEdits)
        standing = culture.standing
        all =
            PageList([
                try Self.landing(content, factory: factory),
                try factory.page(
                    path: "/design/", kind: .design, title: "Design system",
                    description: "Every colour, type step, radius, space and component of Aura's design system.",
                    content: DesignSystemModel(tokens: tokens)),
                try Self.offline(content, factory: factory),
                try factory.page(
                    path: "/404.html", kind: .notFound, title: "Not found",
                    description: "This page is not here.", content: NotFoundContent(homeURL: factory.root),
                    outputFile: "404.html", inSitemap: false)
            ]) + culture.pages + PageList(try DocsPages(section: content.docs, factory: factory).pages)
            + PageList(try PersonalPages(content: content, factory: factory, contentDirectory: contentDirectory).pages)
    }
}

extension SitePages {
    /// The landing page: its header shows the planned day's pages once there is a plan.
    static func landing(_ content: SiteContent, factory: PageFactory) throws -> Page {
        let landing = content.landing
        return try factory.page(
            path: "/", kind: .landing, title: landing.title, description: landing.description, content: landing)
    }

    /// The page shown offline: it links to the schedule once there is a plan.
    static func offline(_ content: SiteContent, factory: PageFactory) throws -> Page {
        try factory.page(
            path: "/offline/", kind: .offline, title: "Offline",
            description: "You are offline; the planned days are still here.",
            content: OfflineViewModel(
                dashboardURL: factory.root + "dashboard/",
                scheduleURL: content.planner.snapshot == nil ? nil : factory.root + "schedule/"),
            inSitemap: false, noindex: true, section: "/dashboard/")
    }

    /// The pages as the engine takes them.
    var list: SitePageList { SitePageList(all: all, standing: standing) }
}

/// The 404 page's only data: where home is.
struct NotFoundContent: Encodable, Sendable {
    let homeURL: String
}
