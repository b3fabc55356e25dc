import Foundation

/// Everything the site says, loaded from `Content/`.
struct SiteContent: Sendable {
    let landing: LandingContent
    let culture: CultureLibrary
    /// Today's planned day, when there is one; the culture picks follow its energy.
    let day: DaySummary?

    /// Loads every content file, reporting the problems of all files together.
    static func load(contentDirectory: URL, root: String) throws -> SiteContent {
        var errors: [SourceError] = []
        var landing: LandingContent?
        var culture: CultureLibrary?
        do { landing = try LandingContent.load(contentDirectory: contentDirectory, root: root) } catch { errors += try SourceErrors.unpack(error) }
        do { culture = try CultureLibrary.load(contentDirectory: contentDirectory) } catch { errors += try SourceErrors.unpack(error) }
        guard errors.isEmpty, let landing, let culture else { throw SourceErrors(errors: errors) }
        return SiteContent(landing: landing, culture: culture, day: nil)
    }
}
