import Foundation

/// The site's HTML pages, built from content and tokens.
struct SitePages: Sendable {
    let all: [Page]

    /// `bodyEdits`, when set, names the only culture entries whose inputs changed since the
    /// previous build (`BuildState.bodyEdits`).
    init(factory: PageFactory, tokens: DesignTokens, content: SiteContent, contentDirectory: URL, bodyEdits: Set<String>? = nil) throws {
        let landing = content.landing
        let picks = TonightsPicks(library: content.culture, evening: EveningEnergy(day: content.day), date: content.day?.date ?? "")
        all = [
            try factory.page(path: "/", kind: .landing, title: landing.title, description: landing.description, content: landing),
            try factory.page(path: "/design/", kind: .design, title: "Design system",
                             description: "Every colour, type step, radius, space and component of Aura's design system.",
                             content: DesignSystemModel(tokens: tokens)),
            try factory.page(path: "/offline/", kind: .offline, title: "Offline",
                             description: "You are offline; the planned days are still here.",
                             content: OfflineViewModel(dashboardURL: factory.root + "dashboard/",
                                                       scheduleURL: content.planner.snapshot == nil ? nil : factory.root + "schedule/"),
                             inSitemap: false, noindex: true, section: "/dashboard/"),
            try factory.page(path: "/404.html", kind: .notFound, title: "Not found",
                             description: "This page is not here.", content: NotFoundContent(homeURL: factory.root), outputFile: "404.html", inSitemap: false),
        ] + (try CulturePages(library: content.culture, picks: picks, factory: factory, bodyEdits: bodyEdits).pages)
            + (try PersonalPages(content: content, picks: picks, factory: factory, contentDirectory: contentDirectory).pages)
    }
}

/// The 404 page's only data: where home is.
struct NotFoundContent: Encodable, Sendable {
    let homeURL: String
}
