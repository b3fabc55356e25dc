import Diagnostics
import Foundation
import Platform

/// Builds a site: the stages of `BuildStage` in order, each handing its value on to the next.
/// `build` writes into the output folder, replacing it only if every stage succeeds; `check`
/// runs the same stages writing nothing and collecting every problem; `buildInMemory` runs
/// them writing into memory, for a server.
package struct SiteBuild<Site: SiteDefinition>: Sendable {
    package let site: Site
    /// `site.sources.fileSystem`, or the same with another output (`buildInMemory`).
    private var fileSystem: FileSystem

    package init(site: Site) {
        self.site = site
        fileSystem = site.sources.fileSystem
    }

    private var sources: SiteSources { site.sources }

    enum Mode {
        /// Writing into the output folder; `waiting` hears that another build holds it.
        case build(waiting: @Sendable (String) -> Void)
        /// Writing nothing and collecting every problem; `strict` also reports names a
        /// template looks up that no view model has.
        case check(strict: Bool)
    }

    /// What the stages made, as far as they got (only a check goes on after a failure).
    struct Run {
        var output = BuildOutput()
        var assembled: AssembledSite<Site>?
        var notices: [String] = []
        var problems: [String] = []
    }

    /// Runs every stage and replaces the output folder only if all of them succeed.
    /// `waiting` hears once, after a second, that another build of the same output holds it up.
    package func build(
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> BuildReport {
        let stamping = Task { [self] in UnchangedSite.inputs(of: site) }
        let look = try await UnchangedSite.report(site, inputs: { await stamping.value?.digest }, waiting: waiting)
        if let report = look.unchanged { return report }
        let inputs = await stamping.value
        var output = BuildOutput()
        // Read before the output is taken: nothing in it is trusted without checking a stamp (an
        // entry's file, a page's file), so a build that replaced the site meanwhile only costs
        // rendering again.
        output.previousBuild =
            look.previous
            ?? BuildManifest(of: sources.outputDirectory, fileSystem: fileSystem, entryLineTag: Site.entryLineTag)
        output.thisBuild.inputs = inputs?.digest
        output.thisBuild.inputsBesidesEntries = Site.entryFolder.flatMap { inputs?.besides(entryFolder: $0) }
        let run = try await self.run(.build(waiting: waiting), output, inputs: inputs, progress: progress)
        let report = BuildReport(
            pageCount: (run.assembled.map { $0.pages.count + $0.standing.count }) ?? 0,
            fileCount: run.output.thisBuild.count, notices: run.notices)
        // Freeing a large site's state (a few hundred thousand small objects) takes tens of
        // milliseconds that nobody needs to wait for.
        Task.detached(priority: .background) { [run] in _ = run }
        return report
    }

    /// Validates settings, theme and content and renders every page in memory: the build's
    /// stages, writing nothing. Returns every problem found, in every file, not just the first.
    /// `strict` also reports every name a page template looks up that no page's view model
    /// ever had.
    package func check(strict: Bool = false) async -> (pageCount: Int, problems: [String]) {
        // A check throws nothing: each stage's problems are collected.
        let run = try? await run(.check(strict: strict), BuildOutput(), inputs: nil, progress: { _ in })
        return (run?.assembled?.pages.count ?? 0, run?.problems ?? [])
    }

    /// Builds the site in memory, keeping every file (by path under the site root): every stage
    /// of `build`, writing nothing to disk. Pages and files whose inputs are
    /// those `previous` was made from are carried over from it rather than rendered again.
    package func buildInMemory(previous: MemorySite?) async throws
        -> (site: MemorySite, assembled: AssembledSite<Site>)
    {
        let files = MemorySite.Files()
        var inMemory = self
        inMemory.fileSystem.openOutput = { _, _, _ in files.output(previous: previous) }
        var output = BuildOutput()
        output.previousBuild = previous?.record ?? BuildManifest()
        let run = try await inMemory.run(.build(waiting: { _ in }), output, inputs: nil, progress: { _ in })
        guard let assembled = run.assembled else { preconditionFailure("a build that succeeds assembles its pages") }
        return (MemorySite(files: files.kept, record: run.output.thisBuild), assembled)
    }

    /// Runs every stage from `output`; a build throws the first stage's error, with what was
    /// written discarded; a check collects every stage's problems and skips the stages whose
    /// input failed.
    private func run(
        _ mode: Mode, _ output: BuildOutput, inputs: consuming InputStamps?,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> Run {
        var run = Run(output: output)
        var building: Bool {
            if case .build = mode { true } else { false }
        }
        func stage<Value>(_ stage: BuildStage, _ work: (inout Run) async throws -> Value) async throws -> Value? {
            let name = Site.name(of: stage) ?? stage.name
            let number = BuildStage.allCases.firstIndex(of: stage)! + 1
            progress(.stage(number: number, of: BuildStage.allCases.count, name: name))
            PausePoint.reached("build: \(name)")
            do {
                return try await work(&run)
            } catch {
                guard building else {
                    run.problems += problemLines(error)
                    return nil
                }
                run.output.output?.discard()
                throw BuildError(step: name, underlying: error)
            }
        }

        let settings = try await stage(.readSettings) { _ in
            var settings = try site.readSettings()
            if let baseURL = sources.baseURL { settings.baseURL = baseURL }
            return settings
        }
        // Taken early: a rebuild looks up the stamps of the files it may carry over while the
        // site loads.
        if let settings, case .build(let waiting) = mode {
            _ = try await stage(.openOutput) { run in
                let outputName = displayPath(sources.outputDirectory)
                run.output.output = try fileSystem.openOutput(sources.outputDirectory, site.outputRules(settings)) {
                    waiting("waiting for another build of \(outputName) to finish …")
                }
            }
        }
        let theme = try await stage(.parseTheme) { _ in
            try Theme.load(from: sources.templatesDirectory, in: fileSystem)
        }
        let root = settings.map { BaseURL.root(of: $0.baseURL) } ?? "/"
        let listed = Site.entryFolder.flatMap { inputs?.files(in: $0, endingWith: ".md") }
        // Their digests are in the record already; the stamps of every file need not be held
        // through rendering (a few MB for a large site).
        inputs = nil
        let loadedContent = try await stage(.loadContent) { run in
            let request = ContentRequest<Site>(
                settings: settings, root: root, previousEntries: run.output.previousBuild.entryLines,
                listedEntries: listed,
                onlyEntriesChanged: run.output.thisBuild.inputsBesidesEntries != nil
                    && run.output.thisBuild.inputsBesidesEntries == run.output.previousBuild.inputsBesidesEntries)
            let loaded = try site.loadContent(request)
            // A build that makes the previous one's files again takes their records whole;
            // any other makes room for about as many as the previous build made, once.
            if loaded.entryEdits != nil {
                run.output.thisBuild.takeFiles(of: run.output.previousBuild)
            } else {
                run.output.thisBuild.reserveCapacity(run.output.previousBuild.count)
            }
            return loaded
        }
        let assets = try await stage(.bundleAssets) { _ -> AssetBundle? in
            guard let theme else { return nil }
            return try AssetBundle.of(theme: theme, root: root, stem: Site.assetStem)
        }
        guard let settings, let theme, let loadedContent, let assets = assets ?? nil else { return run }
        let loaded = LoadedSite<Site>(settings: settings, theme: theme, content: loadedContent.content, assets: assets)
        let entryEdits = loadedContent.entryEdits

        guard
            let preparation = try await stage(
                .prepare,
                { run in
                    try site.prepare(loaded, building: building, notices: &run.notices)
                }),
            let assembled = try await stage(
                .assemble,
                { _ in
                    let assembly = try site.assembly(of: loaded, preparation)
                    let pages = try site.pages(of: loaded, assembly, entryEdits: entryEdits)
                    return AssembledSite(
                        loaded: loaded, preparation: preparation, assembly: assembly, pages: pages.all,
                        standing: pages.standing)
                })
        else { return run }
        run.assembled = assembled
        _ = try await stage(.finish) { run in try site.finish(assembled, into: &run.output) }
        _ = try await stage(.writeAssets) { run in
            for file in assets.files { try run.output.write(file.data, to: file.path) }
        }
        // Before the pages: the sitemap of a large site takes megabytes while it is made, which
        // the pages' records, made as they are written, would add to.
        _ = try await stage(.renderFiles) { run in
            for group in site.fileGroups(of: assembled, entryEdits: entryEdits) {
                if group.mayCarry, run.output.carry(group.paths) { continue }
                for file in try group.make() { try run.output.write(file.data, to: file.path) }
            }
        }
        _ = try await stage(.renderPages) { run in
            run.assembled = try carryStandingPages(of: assembled, &run.output)
            let pages = run.assembled!.pages
            guard case .check(let strict) = mode else {
                try await run.output.render(pages, with: theme, progress: progress)
                return
            }
            run.problems += theme.problems(rendering: pages, strict: strict)
        }
        if let path = Site.versionedFilePath {
            _ = try await stage(.renderVersionedFile) { run in
                let version = run.output.thisBuild.version(leavingOut: path)
                try run.output.write(try site.versionedFile(of: assembled, version: version), to: path)
            }
        }
        _ = try await stage(.publish) { run in
            try publish(assembled, run.output)
        }
        return run
    }

    /// `assembled` with the standing pages whose files were changed by hand (or are gone) made
    /// in full with the rest; this build's record holds the others' records already
    /// (`BuildManifest.takeFiles`).
    private func carryStandingPages(of assembled: AssembledSite<Site>, _ output: inout BuildOutput) throws
        -> AssembledSite<Site>
    {
        guard !assembled.standing.isEmpty else { return assembled }
        let changed = output.changed(assembled.standing)
        guard !changed.isEmpty else { return assembled }
        var carried = assembled
        let remade = try site.pages(of: assembled.loaded, assembled.assembly, entryEdits: nil).all
        carried.pages = assembled.pages + PageList(remade.filter { changed.contains($0.outputFile) })
        carried.standing.removeAll { changed.contains($0.outputFile) }
        return carried
    }

    /// Records what each file was made from beside the site, then publishes it.
    private func publish(_ assembled: AssembledSite<Site>, _ output: BuildOutput) throws {
        guard let destination = output.output else { return }
        var record = site.recordLeavesOut(assembled).map { output.thisBuild.without($0) } ?? output.thisBuild
        record.sortPaths()
        try destination.writeRecord { put in
            try record.write(to: put) { try site.writeEntryLines(of: assembled.content, to: &$0) }
        }
        try destination.commit()
    }
}
