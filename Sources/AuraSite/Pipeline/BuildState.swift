import Foundation
import Mustache

/// What the build's steps hand on to each other, filled in as they run.
struct BuildState {
    enum Mode {
        /// Writing into the output folder; `waiting` hears that another build holds it.
        case build(waiting: @Sendable (String) -> Void)
        /// Writing nothing and collecting every problem; `strict` also reports names a
        /// template looks up that no view model has.
        case check(strict: Bool)
    }

    /// A step's input is missing because an earlier step failed; `check` goes on without it.
    struct MissingInput: Error {}

    let options: BuildOptions
    let mode: Mode
    let progress: @Sendable (BuildProgress) -> Void
    var configuration: SiteConfiguration?
    var theme: Theme?
    var content: SiteContent?
    var assets: AssetBundle?
    var factory: PageFactory?
    var pages: [Page]?
    /// The inputs' stamps when the build began; nil where files bear none or for a private site.
    var inputs: InputStamps?
    /// Set when the only inputs that changed since the previous build are culture entries'
    /// bodies: the names of those entries (`CultureLibrary.bodyEdits`).
    var bodyEdits: Set<String>?
    /// Nil until the output folder is opened, and always when checking.
    var output: SiteOutput?
    /// Every file written so far: its SHA-256 by output path.
    var digests: [String: String] = [:]
    /// What the previous build in the output folder made its pages from (empty when checking);
    /// read before the output is taken.
    var previousBuild = BuildManifest()
    /// What this build made its pages from.
    var thisBuild = BuildManifest()
    /// Seals the personal files when `site.yml` asks for private pages.
    var sealer: PrivateSealer?
    /// Lines for `BuildReport.notices`.
    var notices: [String] = []
    /// Problems found by `check` beyond the first of a step.
    var problems: [String] = []

    /// The site's path prefix (`/` or `/aura/`); `/` while the settings are unread.
    var root: String { configuration.map { PageFactory.root(of: $0.baseURL) } ?? "/" }

    func require<Value>(_ input: KeyPath<BuildState, Value?>) throws -> Value {
        guard let value = self[keyPath: input] else { throw MissingInput() }
        return value
    }

    func siteFiles() throws -> SiteFiles {
        SiteFiles(factory: try require(\.factory), pages: try require(\.pages), tokens: try require(\.theme).tokens,
                  content: try require(\.content))
    }

    /// Takes the output folder (when building) for the settings' `keep:` paths.
    mutating func openOutput(_ configuration: SiteConfiguration) throws {
        guard case .build(let waiting) = mode else { return }
        let outputName = ContentFile.displayPath(options.outputDirectory)
        output = try options.fileSystem.openOutput(options.outputDirectory, configuration.keep) {
            waiting("waiting for another build of \(outputName) to finish …")
        }
    }

    /// Records what each page was made from beside the site, then publishes it. A private
    /// site's record leaves out the personal files and the calendar, whose secret address must
    /// not sit in a public file (sealing never reuses them anyway).
    func publish() throws {
        let record = sealer == nil ? thisBuild
            : thisBuild.without { PersonalPaths.contains($0) || $0.hasPrefix(PrivateSite.calendarFolder) }
        _ = try output?.write(record.data, BuildManifest.fileName)
        try output?.commit()
    }

    mutating func write(_ data: Data, to path: String) throws {
        let stamp = try output?.write(data, path) ?? "-"
        digests[path] = Fingerprint.sha256Hex(data)
        thisBuild[path] = BuildManifest.Record(key: BuildManifest.notAPage, digest: digests[path]!, stamp: stamp)
    }

    /// Renders every page. Building, pages render concurrently, a bounded number at a time,
    /// each written as soon as it is done; checking, every page's problem is collected.
    mutating func renderPages(with templates: TemplateLibrary) async throws {
        let pages = try require(\.pages)
        _ = try require(\.factory)
        let templatesDirectory = options.templatesDirectory
        guard case .check(let strict) = mode else {
            let rendered = try await Self.render(pages, with: templates, templatesDirectory: templatesDirectory, into: output,
                                                 reusing: previousBuild, templateKeys: try require(\.theme).templateKeys,
                                                 progress: progress)
            for (path, record) in rendered {
                digests[path] = record.digest
                thisBuild[path] = record
            }
            return
        }
        var lookups = NameLookups()
        for page in pages {
            do {
                _ = try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory)
                if strict, let context = try? page.context() { _ = try? templates.render(page.template, context, recordingLookupsIn: &lookups) }
            } catch {
                problems += problemLines(error)
            }
        }
        problems += lookups.neverFound.map { Theme.locate($0, in: templatesDirectory).description }
    }

    /// Renders and writes each page, or carries the previous build's file over when the page's
    /// key (its template's key and its view model's inputs) is the one `previous` recorded for it and the
    /// file still bears the stamp recorded when it was written. Every page's key is looked up
    /// first, on every core; only the pages left over are rendered, a bounded number at a time.
    private static func render(_ pages: [Page], with templates: TemplateLibrary, templatesDirectory: URL,
                               into output: SiteOutput?, reusing previous: BuildManifest, templateKeys: [String: String],
                               progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> [String: BuildManifest.Record] {
        let looked = [Result<(key: String, kept: BuildManifest.Record?), any Error>](concurrentlyMapping: pages.count) { index in
            Result {
                let page = pages[index]
                if page.mayCarry, let record = previous[page.outputFile], output?.reuse(page.outputFile, record.stamp) != nil {
                    return (record.key, record)
                }
                let key = try BuildManifest.key(of: page, template: templateKeys[page.template] ?? "-")
                guard let record = previous[page.outputFile], record.key == key,
                      output?.reuse(page.outputFile, record.stamp) != nil else { return (key, nil) }
                return (key, record)
            }
        }
        var made: [String: BuildManifest.Record] = [:]
        var waiting: [(page: Page, key: String)] = []
        for (page, result) in zip(pages, looked) {
            let (key, kept) = try result.get()
            if let kept { made[page.outputFile] = kept } else { waiting.append((page, key)) }
        }
        progress(.pages(rendered: made.count, of: pages.count))
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return try await withThrowingTaskGroup(of: (String, BuildManifest.Record).self) { group in
            var next = 0
            func startNext() {
                let (page, key) = waiting[next]
                next += 1
                group.addTask {
                    let data = Data(try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory).utf8)
                    let stamp = try output?.write(data, page.outputFile) ?? "-"
                    return (page.outputFile, BuildManifest.Record(key: key, digest: Fingerprint.sha256Hex(data), stamp: stamp))
                }
            }
            while next < min(width, waiting.count) { startNext() }
            while let (path, record) = try await group.next() {
                made[path] = record
                progress(.pages(rendered: made.count, of: pages.count))
                if next < waiting.count { startNext() }
            }
            return made
        }
    }
}
