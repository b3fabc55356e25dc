import AuraPlanner
import Diagnostics
import Foundation
import Platform
import SiteEngine

/// Everything the site says, loaded from `Content/`.
struct SiteContent: Sendable {
    let landing: LandingContent
    let culture: CultureLibrary
    let reflections: ReflectionLibrary
    let planner: PlannerContent
    /// The documentation section, when the content folder has a `docs/` folder.
    let docs: DocsSection?

    /// Today's planned day, when there is one; the culture picks follow its energy.
    var day: DaySummary? { planner.snapshot?.today.map(DaySummary.init) }

    /// Loads every content file, reporting the problems of all files together.
    /// Culture entries whose files still bear the stamps `cache` recorded are taken from it;
    /// `listedCulture` are the culture folder's files and their stamps when already taken
    /// (`InputStamps.files`). `docsFolder` holds the documentation section, when it exists;
    /// `capture` reads the dates of the inbox; `planner` is the planner already read, if it was.
    static func load(
        contentDirectory: URL, root: String, in fileSystem: FileSystem, reusing cache: CultureCache = CultureCache(),
        listedCulture: [(name: String, stamp: FileStamp)]? = nil, docsFolder: URL? = nil,
        capture: CaptureSettings = CaptureSettings(), planner given: PlannerState? = nil
    ) throws -> SiteContent {
        var errors: [SourceError] = []
        var landing: LandingContent?
        var culture: CultureLibrary?
        var reflections: ReflectionLibrary?
        var planner: PlannerContent?
        var docs: DocsSection?
        for link in fileSystem.danglingLinks(contentDirectory) {
            errors.append(
                SourceError(
                    file: displayPath(contentDirectory.appendingPathComponent(link.path)), line: 0, column: 0,
                    message:
                        "a link to '\(link.destination)', which does not exist; copy what it leads to (cp -L), or remove the link"
                ))
        }
        do { landing = try LandingContent.load(contentDirectory: contentDirectory, root: root, in: fileSystem) } catch {
            errors += try SourceErrors.unpack(error)
        }
        do {
            culture = try CultureLibrary.load(
                contentDirectory: contentDirectory, in: fileSystem, reusing: cache, listed: listedCulture)
        } catch { errors += try SourceErrors.unpack(error) }
        do { reflections = try ReflectionLibrary.load(contentDirectory: contentDirectory, in: fileSystem) } catch {
            errors += try SourceErrors.unpack(error)
        }
        do {
            planner = try PlannerContent.load(
                contentDirectory: contentDirectory, in: fileSystem, capture: capture, given: given)
        } catch {
            errors += try SourceErrors.unpack(error)
        }
        if let docsFolder, fileSystem.exists(docsFolder) {
            do { docs = try DocsSection.load(folder: docsFolder, root: root, in: fileSystem) } catch {
                errors += try SourceErrors.unpack(error)
            }
        }
        guard errors.isEmpty, let landing, let culture, let reflections, let planner else {
            throw SourceErrors(errors: errors)
        }
        return SiteContent(
            landing: landing, culture: culture, reflections: reflections, planner: planner, docs: docs)
    }
}
