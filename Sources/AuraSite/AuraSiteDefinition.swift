import AuraPlanner
import Foundation
import SiteEngine

/// Aura's site as the engine builds it (`SiteBuild`): `site.yml`, the landing and design
/// pages, the culture library (built incrementally, entry by entry), reflections, the
/// planner's personal pages and files, the docs section, and with `private:` personal pages
/// sealed by a passphrase.
struct AuraSiteDefinition: SiteDefinition {
    let options: BuildOptions
    /// The culture library the previous build of this site in this process loaded (a server's),
    /// whose entries are taken while their files keep their stamps; a build from disk reads
    /// them from the previous build's record instead.
    var previousCulture: CultureLibrary?

    var sources: SiteSources { options.sources }

    static let assetStem = "aura"
    static let entryFolder: String? = CultureLibrary.folderName
    static let entryLineTag = CultureCache.lineTag
    static let versionedFilePath: String? = SiteFiles.serviceWorkerPath

    static func name(of stage: BuildStage) -> String? {
        switch stage {
        case .prepare: "Derive the private key"
        case .finish: "Encrypt personal files"
        case .renderFiles: "Render sitemap, feeds and calendars"
        case .renderVersionedFile: "Render service worker"
        default: nil
        }
    }

    func readSettings() throws -> SiteConfiguration {
        try options.configuration
            ?? SiteConfiguration.load(contentDirectory: options.contentDirectory, in: options.fileSystem)
    }

    func outputRules(_ settings: SiteConfiguration) -> OutputRules {
        OutputRules(
            keep: settings.keep, ownedFolders: [PrivateSite.calendarFolder], keepSetting: "'keep:' in site.yml")
    }

    /// A private site's passphrase comes from the environment, and no digest of it may sit in
    /// the published folder, so such a site is always built (sealing still keeps every
    /// unchanged sealed file byte for byte).
    func inputsAreFiles(_ settings: SiteConfiguration) -> Bool {
        settings.privatePassphraseEnv == nil
    }

    var otherInputFolders: [URL] { [options.contentDirectory.appendingPathComponent(DocsSection.folderName)] }

    var noticesWhenUnchanged: [String] { [Self.publicPagesNotice] }

    func loadContent(_ request: ContentRequest<Self>) throws -> LoadedContent<Self> {
        let cultureFolder = options.contentDirectory.appendingPathComponent(CultureLibrary.folderName)
        let previous =
            previousCulture.map(CultureCache.init(of:))
            ?? CultureCache(
                readingFrom: request.previousEntries, in: options.fileSystem,
                folder: ContentFile.displayPrefix(of: cultureFolder))
        let content = try SiteContent.load(
            contentDirectory: options.contentDirectory, root: request.root, in: options.fileSystem,
            reusing: previous, listedCulture: request.listedEntries,
            docsFolder: options.contentDirectory.appendingPathComponent(DocsSection.folderName),
            capture: request.settings?.capture ?? CaptureSettings(), planner: options.planner)
        return LoadedContent(
            content: content, entryEdits: request.onlyEntriesChanged ? previous.bodyEdits(in: content.culture) : nil)
    }

    func assembly(of loaded: LoadedSite<Self>, _ sealer: PrivateSealer?) throws -> PageFactory {
        var factory = PageFactory(
            configuration: loaded.settings, assets: loaded.assets, navigation: Self.navigation(for: loaded.content))
        factory.profile = options.profile
        if let sealer {
            factory.privateSite = PrivateSite(
                calendarPath: sealer.calendarPath, navigation: PrivateSite.navigation(from: factory.navigation))
        }
        return factory
    }

    func pages(of loaded: LoadedSite<Self>, _ factory: PageFactory, entryEdits: Set<String>?) throws -> SitePageList {
        try SitePages(
            factory: factory, tokens: loaded.theme.tokens, content: loaded.content,
            contentDirectory: options.contentDirectory, bodyEdits: entryEdits
        ).list
    }

    func fileGroups(of assembled: AssembledSite<Self>, entryEdits: Set<String>?) -> [FileGroup] {
        SiteFiles(assembled).groups(with: assembled.theme.templates, bodyEdits: entryEdits)
    }

    func versionedFile(of assembled: AssembledSite<Self>, version: String) throws -> Data {
        try SiteFiles(assembled).serviceWorker(version: version, with: assembled.theme.templates)
    }

    func writeEntryLines(of content: SiteContent, to out: inout RecordText.Writer) throws {
        try CultureCache.writeLines(of: content.culture, to: &out)
    }

    /// The header's destinations: the planner's pages once there is a plan, the docs when the
    /// site has them.
    static func navigation(for content: SiteContent) -> [(title: String, path: String)] {
        let planned = content.planner.snapshot != nil
        return [(title: "Home", path: "/"), (title: "Today", path: "/dashboard/")]
            + (planned ? [(title: "Schedule", path: "/schedule/"), (title: "Week", path: "/week/")] : [])
            + [(title: "Culture", path: "/culture/"), (title: "Design", path: "/design/")]
            + (content.docs == nil ? [] : [(title: "Docs", path: DocsSection.path)])
    }
}
