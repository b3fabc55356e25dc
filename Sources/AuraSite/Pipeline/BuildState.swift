import Diagnostics
import Foundation
import Mustache
import Platform
import SiteEngine

/// What the build's steps hand on to each other, filled in as they run.
struct BuildState: Sendable {
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
    var pages: PageList?
    /// The pages that stand as the previous build made them (`SitePages.standing`).
    var standing: [StandingPage] = []
    /// The inputs' stamps when the build began, until the content is loaded; nil where files
    /// bear none or for a private site.
    var inputs: InputStamps?
    /// Set when the only inputs that changed since the previous build are culture entries'
    /// bodies: the names of those entries (`CultureLibrary.bodyEdits`).
    var bodyEdits: Set<String>?
    /// Nil until the output folder is opened, and always when checking.
    var output: SiteOutput?
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
        SiteFiles(
            factory: try require(\.factory), pages: try require(\.pages), standing: standing,
            tokens: try require(\.theme).tokens,
            content: try require(\.content))
    }

    /// The site's pages, made from the content loaded; `bodyEdits` as `self.bodyEdits`.
    func sitePages(bodyEdits: Set<String>?) throws -> SitePages {
        try SitePages(
            factory: require(\.factory), tokens: require(\.theme).tokens, content: require(\.content),
            contentDirectory: options.contentDirectory, bodyEdits: bodyEdits)
    }

    /// Carries the standing pages over, their files checked in one batch; a page whose file
    /// was changed by hand (or is gone) is made in full with the rest. This build's record
    /// holds their records already (`BuildManifest.takeFiles`).
    private mutating func carryStandingPages() throws {
        guard !standing.isEmpty else { return }
        let records = standing.map { previousBuild[$0.outputFile] }
        let recorded = standing.indices.filter { records[$0] != nil }
        let carried = output?.reuse(recorded.map { (standing[$0].outputFile, records[$0]!.stamp) }) ?? []
        var stands = [Bool](repeating: false, count: standing.count)
        for (index, isCarried) in zip(recorded, carried) where isCarried { stands[index] = true }
        let changed = Set(standing.indices.filter { !stands[$0] }.map { standing[$0].outputFile })
        guard !changed.isEmpty else { return }
        pages =
            try require(\.pages) + PageList(sitePages(bodyEdits: nil).all.filter { changed.contains($0.outputFile) })
        standing.removeAll { changed.contains($0.outputFile) }
    }

    /// Takes the output folder (when building) for the settings' `keep:` paths.
    mutating func openOutput(_ configuration: SiteConfiguration) throws {
        guard case .build(let waiting) = mode else { return }
        let outputName = displayPath(options.outputDirectory)
        let rules = OutputRules(keep: configuration.keep, ownedFolders: [PrivateSite.calendarFolder])
        output = try options.fileSystem.openOutput(options.outputDirectory, rules) {
            waiting("waiting for another build of \(outputName) to finish …")
        }
    }

    /// Records what each page was made from beside the site, then publishes it. A private
    /// site's record leaves out the personal files and the calendar, whose secret address must
    /// not sit in a public file (sealing never reuses them anyway).
    func publish() throws {
        guard let output else { return }
        var record =
            sealer == nil
            ? thisBuild
            : thisBuild.without { PersonalPaths.contains($0) || $0.hasPrefix(PrivateSite.calendarFolder) }
        record.sortPaths()
        let culture = try require(\.content).culture
        try output.writeRecord { put in
            try record.write(to: put) { try CultureCache.writeLines(of: culture, to: &$0) }
        }
        try output.commit()
    }

    /// Carries the previous build's files at `paths` over when every one of them still bears
    /// its recorded stamp; false, carrying none, otherwise.
    mutating func carry(_ paths: [String]) -> Bool {
        let records = paths.compactMap { previousBuild[$0] }
        guard let output, records.count == paths.count,
            !output.reuse(zip(paths, records).map { ($0, $1.stamp) }).contains(false)
        else { return false }
        for (path, record) in zip(paths, records) { thisBuild[path] = record }
        return true
    }

    mutating func write(_ data: Data, to path: String) throws {
        let stamp = try output?.write(data, path) ?? .missing
        thisBuild[path] = BuildManifest.Record(key: nil, digest: Fingerprint.sha256(data), stamp: stamp)
    }

    /// Renders every page. Building, pages render concurrently, a bounded number at a time,
    /// each written as soon as it is done; checking, every page's problem is collected.
    mutating func renderPages(with templates: TemplateLibrary) async throws {
        try carryStandingPages()
        let pages = try require(\.pages)
        _ = try require(\.factory)
        let templatesDirectory = options.templatesDirectory
        guard case .check(let strict) = mode else {
            try await Self.render(
                pages, with: templates, templatesDirectory: templatesDirectory, into: output,
                reusing: previousBuild, recordingIn: &thisBuild, templateKeys: try require(\.theme).templateKeys,
                progress: progress)
            return
        }
        var lookups = NameLookups()
        for page in pages {
            do {
                _ = try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory)
                if strict, let context = try? page.context() {
                    _ = try? templates.render(page.template, context, recordingLookupsIn: &lookups)
                }
            } catch {
                problems += problemLines(error)
            }
        }
        problems += lookups.neverFound.map { Theme.locate($0, in: templatesDirectory).description }
    }

    /// Renders and writes each page, or carries the previous build's file over when the page's
    /// key (its template's key and its view model's inputs) is the one `previous` recorded for
    /// it and the file still bears the stamp recorded when it was written. Every page's key is
    /// looked up first, on every core, and the files that may stand are checked in one batch;
    /// only the pages left over are rendered, a bounded number at a time. Each page's record
    /// goes into `thisBuild` as soon as it stands or is written: a large site's records, held
    /// twice over, would take megabytes.
    private static func render(
        _ pages: PageList, with templates: TemplateLibrary, templatesDirectory: URL,
        into output: SiteOutput?, reusing previous: BuildManifest, recordingIn thisBuild: inout BuildManifest,
        templateKeys: [String: String], progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws {
        typealias Looked = (outputFile: String, key: SHA256Digest, mayStand: Bool)
        let looked = try [Result<Looked, any Error>](concurrentlyMapping: pages.count) { index in
            Result {
                let page = pages[index]
                let key = try BuildManifest.key(of: page, template: templateKeys[page.template] ?? "-")
                return (page.outputFile, key, previous[page.outputFile]?.key == key)
            }
        }.map { try $0.get() }
        // Grown once rather than doubling as pages are recorded; a rebuild that took the previous
        // build's files holds these pages' records already.
        if thisBuild.count < pages.count { thisBuild.reserveCapacity(thisBuild.count + pages.count) }
        // The pages whose key is the one recorded stand if their files are as written.
        let unchanged = looked.indices.filter { looked[$0].mayStand }
        let recorded = unchanged.map { previous[looked[$0].outputFile]! }
        let carried = output?.reuse(zip(unchanged, recorded).map { (looked[$0].outputFile, $1.stamp) }) ?? []
        var stands = [Bool](repeating: false, count: pages.count)
        for ((index, record), isCarried) in zip(zip(unchanged, recorded), carried) where isCarried {
            thisBuild[looked[index].outputFile] = record
            stands[index] = true
        }
        let waiting = stands.indices.filter { !stands[$0] }
        var done = pages.count - waiting.count
        progress(.pages(rendered: done, of: pages.count))
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: (Int, BuildManifest.Record).self) { group in
            var next = 0
            func startNext() {
                let index = waiting[next]
                // The path the record is keyed by, so that the output's list of written files
                // shares its string rather than holding another (one per page).
                let (outputFile, key) = (looked[index].outputFile, looked[index].key)
                next += 1
                group.addTask {
                    let page = pages[index]
                    let data = Data(
                        try SiteBuilder.render(page, with: templates, templatesDirectory: templatesDirectory).utf8)
                    let stamp = try output?.write(data, outputFile) ?? .missing
                    return (index, BuildManifest.Record(key: key, digest: Fingerprint.sha256(data), stamp: stamp))
                }
            }
            while next < min(width, waiting.count) { startNext() }
            while let (index, record) = try await group.next() {
                thisBuild[looked[index].outputFile] = record
                done += 1
                progress(.pages(rendered: done, of: pages.count))
                if next < waiting.count { startNext() }
            }
        }
    }
}
