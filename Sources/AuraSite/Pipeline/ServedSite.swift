import AuraPlanner
import Foundation
import SiteEngine
import Synchronization

/// A site built in memory for `aura serve`: the files it keeps and its pages ready to render
/// again with a session; for a person's site, their pages and files over the build's
/// (`personal(_:profile:)`).
public struct ServedSite: Sendable {
    /// Which build this is: a new number for every build of any site in this process, so
    /// what was made from one build is known stale once another replaces it.
    public let generation: UInt64 = ServedSite.builds.add(1, ordering: .relaxed).newValue

    private static let builds = Atomic<UInt64>(0)

    public typealias File = MemorySite.File

    /// Which build this site is, or is made over (`personal(_:profile:)`).
    public let build: UInt64
    /// The `site.yml` the build was given (`BuildOptions.configuration`).
    public let configuration: SiteConfiguration?

    /// The pages, ready to render with a session.
    public let live: LiveSite
    /// The files, by path under the site root without a leading slash.
    let files: MemorySite
    /// The culture library the build loaded, for the next build to take unchanged entries from.
    let culture: CultureLibrary
    /// What the build assembled: what a person's pages are made over.
    private let built: AssembledSite<AuraSiteDefinition>
    private let contentDirectory: URL
    /// The person whose pages and files stand in place of the build's personal ones.
    private let personal: PersonalSite?

    init(_ assembled: AssembledSite<AuraSiteDefinition>, files: MemorySite, options: BuildOptions) {
        build = generation
        configuration = options.configuration
        live = LiveSite(assembled)
        self.files = files
        culture = assembled.content.culture
        built = assembled
        contentDirectory = options.contentDirectory
        personal = nil
    }

    private init(_ site: ServedSite, personal: PersonalSite) {
        build = site.build
        configuration = site.configuration
        live = LiveSite(site.live, personal: personal)
        files = site.files
        culture = site.culture
        built = site.built
        contentDirectory = site.contentDirectory
        self.personal = personal
    }

    /// This site with the pages and files of `planner` in place of its personal ones, with
    /// `profile` (a person's name) in their deep links: every other page and file is this
    /// site's build's. Nothing is rendered until it is asked for.
    public func personal(_ planner: PlannerState, profile: String?) throws -> ServedSite {
        ServedSite(
            self,
            personal: try PersonalSite(
                over: built, planner: planner, profile: profile, contentDirectory: contentDirectory))
    }

    /// The owner's site after their planner became `planner`, over this site's build; nil when
    /// the build's own files would no longer be true, and it must be built again: a first plan
    /// or none (every page's header, the manifest), other days planned (the service worker's
    /// list), or a private site (whose personal files are sealed).
    public func replanned(_ planner: PlannerState) throws -> ServedSite? {
        guard built.preparation == nil,
            built.content.planner.snapshot?.days.map(\.date) == planner.plan?.days.map(\.date)
        else { return nil }
        return try personal(planner, profile: built.assembly.profile)
    }

    /// The file at `path` (`culture/index.html`); nil when the site keeps none there.
    public func file(at path: String) throws -> File? {
        if let personal, PersonalPaths.contains(path) { return try personal.file(at: path) }
        return files.file(at: path)
    }

    /// Whether `path` (`culture`, `culture/`) is a folder holding files.
    public func isFolder(_ path: String) -> Bool {
        if let personal, PersonalPaths.contains(path) { return personal.isFolder(path) }
        return files.isFolder(path)
    }
}
