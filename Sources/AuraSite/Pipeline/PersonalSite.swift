import AuraPlanner
import Foundation
import SiteEngine
import Synchronization

/// One person's pages and files over a served site's build (`ServedSite.personal`), made from
/// their planner: each page when first asked for, then kept. The build's other pages and files
/// stay the build's, so a Done costs the pages looked at after it, not a build of the site.
///
/// It holds the personal pages (`PersonalPaths`) with their calendars and notifications, and the
/// landing and offline pages, whose header and links show whether there is a plan.
final class PersonalSite: Sendable {
    let factory: PageFactory
    private let theme: Theme
    private let content: SiteContent
    private let pages: PersonalPages
    /// The public paths of the pages made here (`/schedule/`, `/aura/schedule/` under a root).
    private let paths: Set<String>
    /// Every folder of a personal page, with its trailing slash (`schedule/2026-12-07/`).
    private let folders: Set<String>
    private let made = Mutex<[String: Page]>([:])
    private let files = Mutex<[String: MemorySite.File]>([:])
    private let plannerFiles = Mutex<[String: MemorySite.File]?>(nil)

    /// `planner`'s pages over `built`, with `profile` in their deep links.
    init(over built: AssembledSite<AuraSiteDefinition>, planner: PlannerState, profile: String?, contentDirectory: URL)
        throws
    {
        let shared = built.content
        content = SiteContent(
            landing: shared.landing, culture: shared.culture, reflections: shared.reflections,
            planner: try PlannerContent.load(
                contentDirectory: contentDirectory, in: .disk, capture: built.loaded.settings.capture, given: planner),
            docs: shared.docs)
        var factory = PageFactory(
            configuration: built.loaded.settings, assets: built.loaded.assets,
            navigation: AuraSiteDefinition.navigation(for: content))
        factory.profile = profile
        self.factory = factory
        theme = built.theme
        pages = PersonalPages(content: content, factory: factory, contentDirectory: contentDirectory)
        let personal = pages.paths
        paths = Set((personal + ["/", "/offline/"]).map { SitePath.resolve($0, root: factory.root) })
        folders = Set(personal.map { String($0.dropFirst()) })
    }

    /// Whether public `path` (`/dashboard/`) is answered here: every personal path is, whether
    /// or not the person has a page there (no other person's page stands in for one).
    func answers(pageAt path: String) -> Bool {
        paths.contains(path)
            || path.hasPrefix(factory.root) && PersonalPaths.contains(String(path.dropFirst(factory.root.count)))
    }

    /// The page at public `path`; nil when it is not one made here.
    func page(at path: String) throws -> Page? {
        guard paths.contains(path) else { return nil }
        if let page = made.withLock({ $0[path] }) { return page }
        let relative = "/" + path.dropFirst(factory.root.count)
        let page: Page?
        switch relative {
        case "/": page = try SitePages.landing(content, factory: factory)
        case "/offline/": page = try SitePages.offline(content, factory: factory)
        default: page = try pages.page(at: relative)
        }
        made.withLock { $0[path] = page }
        return page
    }

    /// The personal file at `path` under the site root (`schedule/index.html`, `aura.ics`); nil
    /// when the person's site has none there.
    func file(at path: String) throws -> MemorySite.File? {
        if let file = files.withLock({ $0[path] }) { return file }
        if path.hasSuffix(StandingPage.index) {
            let folder = String(path.dropLast(StandingPage.index.count))
            guard folders.contains(folder), let page = try page(at: factory.root + folder) else { return nil }
            let file = MemorySite.File(data: try theme.render(page))
            files.withLock { $0[path] = file }
            return file
        }
        return try plannerFile(at: path)
    }

    /// Whether `path` (`schedule/2026-12-07/`) is the folder of a personal page.
    func isFolder(_ path: String) -> Bool {
        folders.contains(path.hasSuffix("/") ? path : path + "/")
    }

    private func plannerFile(at path: String) throws -> MemorySite.File? {
        if let made = plannerFiles.withLock({ $0 }) { return made[path] }
        let made = Dictionary(
            try SiteFiles.plannerFiles(of: content.planner, factory: factory).map {
                ($0.path, MemorySite.File(data: $0.data))
            }
        ) { first, _ in first }
        plannerFiles.withLock { $0 = made }
        return made[path]
    }
}
