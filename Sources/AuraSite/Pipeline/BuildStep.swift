import AuraPlanner
import Foundation
import Platform
import SiteEngine

/// One stage of the build: its name is what the progress line shows and what any error it
/// raises is tagged with.
struct BuildStep: Sendable {
    let name: String
    /// The work of a step that runs straight through; nil for one that waits on concurrent work.
    let immediate: (@Sendable (inout BuildState) throws -> Void)?
    private let concurrent: (@Sendable (inout BuildState) async throws -> Void)?

    init(name: String, run: @escaping @Sendable (inout BuildState) throws -> Void) {
        self.name = name
        immediate = run
        concurrent = nil
    }

    private init(name: String, concurrent: @escaping @Sendable (inout BuildState) async throws -> Void) {
        self.name = name
        immediate = nil
        self.concurrent = concurrent
    }

    /// A step whose work runs in child tasks.
    static func concurrent(name: String, run: @escaping @Sendable (inout BuildState) async throws -> Void) -> BuildStep
    {
        BuildStep(name: name, concurrent: run)
    }

    func run(_ state: inout BuildState) async throws {
        if let immediate { try immediate(&state) } else { try await concurrent?(&state) }
    }
}

extension SiteBuilder {
    /// The whole build, in the order it runs. `build` runs it writing into the output folder;
    /// `check` runs the same list writing nothing; `aura serve` (`buildServed`) runs it
    /// writing into memory.
    static let steps: [BuildStep] = [
        BuildStep(name: "Read site settings") { state in
            var configuration =
                try state.options.configuration
                ?? SiteConfiguration.load(
                    contentDirectory: state.options.contentDirectory, in: state.options.fileSystem)
            if let baseURL = state.options.baseURL { configuration.baseURL = baseURL }
            state.configuration = configuration
        },
        // Taken early: a rebuild looks up the stamps of the files it may carry over while the
        // site loads.
        BuildStep(name: "Open output folder") { state in
            try state.openOutput(state.require(\.configuration))
        },
        BuildStep(name: "Parse templates and design tokens") { state in
            state.theme = try Theme.load(from: state.options.templatesDirectory, in: state.options.fileSystem)
        },
        BuildStep(name: "Load content") { state in
            let cultureFolder = state.options.contentDirectory.appendingPathComponent(CultureLibrary.folderName)
            let previous = CultureCache(
                readingFrom: state.previousBuild.cultureLines, in: state.options.fileSystem,
                folder: ContentFile.displayPrefix(of: cultureFolder))
            let content = try SiteContent.load(
                contentDirectory: state.options.contentDirectory, root: state.root,
                in: state.options.fileSystem, reusing: previous,
                listedCulture: state.inputs?.files(in: CultureLibrary.folderName, endingWith: ".md"),
                docsFolder: state.options.contentDirectory.appendingPathComponent(DocsSection.folderName),
                capture: state.configuration?.capture ?? CaptureSettings())
            // Their digests are in the record already; the stamps of every file need not be
            // held through rendering (a few MB for a large site).
            state.inputs = nil
            state.content = content
            if let besidesCulture = state.thisBuild.inputsBesidesCulture,
                besidesCulture == state.previousBuild.inputsBesidesCulture
            {
                state.bodyEdits = previous.bodyEdits(in: content.culture)
            }
            // A build that makes the previous one's files again takes their records whole;
            // any other makes room for about as many as the previous build made, once.
            if state.bodyEdits != nil {
                state.thisBuild.takeFiles(of: state.previousBuild)
            } else {
                state.thisBuild.reserveCapacity(state.previousBuild.count)
            }
        },
        BuildStep(name: "Bundle stylesheet, scripts, fonts and icons") { state in
            state.assets = try AssetBundle(theme: try state.require(\.theme), root: state.root)
        },
        BuildStep(name: "Derive the private key") { state in
            try state.derivePrivateKey()
        },
        BuildStep(name: "Assemble pages") { state in
            let content = try state.require(\.content)
            var factory = PageFactory(
                configuration: try state.require(\.configuration), assets: try state.require(\.assets),
                navigation: navigation(for: content))
            factory.profile = state.options.profile
            if let sealer = state.sealer {
                factory.privateSite = PrivateSite(
                    calendarPath: sealer.calendarPath, navigation: PrivateSite.navigation(from: factory.navigation))
            }
            state.factory = factory
            let pages = try state.sitePages(bodyEdits: state.bodyEdits)
            (state.pages, state.standing) = (pages.all, pages.standing)
        },
        BuildStep(name: "Encrypt personal files") { state in
            try state.sealPersonalFiles()
        },
        BuildStep(name: "Write assets") { state in
            for file in try state.require(\.assets).files { try state.write(file.data, to: file.path) }
        },
        // Before the pages: the sitemap of a large site takes megabytes while it is made, which
        // the pages' records, made as they are written, would add to.
        BuildStep(name: "Render sitemap, feeds and calendars") { state in
            for group in try state.siteFiles().groups(
                with: state.require(\.theme).templates, bodyEdits: state.bodyEdits)
            {
                if group.mayCarry, state.carry(group.paths) { continue }
                for file in try group.make() { try state.write(file.data, to: file.path) }
            }
        },
        .concurrent(name: "Render pages") { state in
            try await state.renderPages(with: state.require(\.theme).templates)
        },
        BuildStep(name: "Render service worker") { state in
            // The worker's version sums up every other file, so any change to the site installs a
            // new one: by path, since a build that carries pages over records them in another
            // order (sorting takes a moment when they are already sorted, as a rebuild's record
            // is), and without the previous worker, which a rebuild's record starts with.
            state.thisBuild.sortPaths()
            // Fed line by line: the list runs to megabytes for a large site.
            let files = Fingerprint.Stream()
            var line: [UInt8] = []
            for path in state.thisBuild.paths where path != SiteFiles.serviceWorkerPath {
                line.removeAll(keepingCapacity: true)
                line += path.utf8
                line.append(0x20)
                state.thisBuild[path]!.digest.appendHex(to: &line)
                line.append(0x0A)
                files.update(line)
            }
            let version = files.short()
            try state.write(
                try state.siteFiles().serviceWorker(version: version, with: state.require(\.theme).templates),
                to: SiteFiles.serviceWorkerPath)
        },
        BuildStep(name: "Publish output folder") { state in
            try state.publish()
        }
    ]
}
