import Foundation
import SiteEngine

/// Builds Aura's site (`AuraSiteDefinition`) with the engine's stages (`SiteBuild`): into the
/// output folder, into memory for `aura serve`, or checking.
public struct SiteBuilder: Sendable {
    private let build: SiteBuild<AuraSiteDefinition>

    public init(options: BuildOptions) {
        build = SiteBuild(site: AuraSiteDefinition(options: options))
    }

    /// Runs every stage and replaces the output folder only if all of them succeed.
    /// `waiting` hears once, after a second, that another build of the same output holds it up.
    public func build(
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> BuildReport {
        try await build.build(progress: progress, waiting: waiting)
    }

    /// Validates settings, theme and content and renders every page in memory, writing
    /// nothing. Returns every problem found, in every file, not just the first. `strict` also
    /// reports every name a page template looks up that no page's view model ever had.
    public func check(strict: Bool = false) async -> (pageCount: Int, problems: [String]) {
        await build.check(strict: strict)
    }

    /// Builds the site in memory. Pages and files whose inputs are those `previous` was made
    /// from are carried over from it rather than rendered again, and culture entries whose files
    /// are unchanged are taken from it unread.
    public func buildServed(previous: ServedSite?) async throws -> ServedSite {
        var site = build.site
        site.previousCulture = previous?.culture
        let (files, assembled) = try await SiteBuild(site: site).buildInMemory(previous: previous?.files)
        return ServedSite(assembled, files: files, options: build.site.options)
    }
}
