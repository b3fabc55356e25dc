import Foundation
import Platform

/// The settings the engine needs of a site's own (its `site.yml`).
package protocol SiteSettings: Sendable {
    /// Where the site is published; its path is every page's root (`/` or `/aura/`).
    var baseURL: URL { get set }
    /// Paths in the output folder that a build never removes although it did not make them.
    var keep: [String] { get }
}

/// A site the engine builds, as a Publish website is a type: what it reads, which pages and
/// files it makes of that, and what it adds to the build's stages. The engine runs the stages
/// (`SiteBuild`); a site only answers these questions. Aura's is `AuraSiteDefinition`.
package protocol SiteDefinition: Sendable {
    associatedtype Settings: SiteSettings
    /// Everything the content folder says, loaded.
    associatedtype Content: Sendable
    /// What the site works out once its content is loaded and before it assembles its pages
    /// (Aura: the key that seals personal pages).
    associatedtype Preparation: Sendable
    /// What the site makes its pages and files with (Aura: its page factory).
    associatedtype Assembly: Sendable

    /// Where the site's folders are.
    var sources: SiteSources { get }
    /// The stem of the asset bundles' names (`<stem>.common.<hash>.css`) and of the icon every
    /// page links to (`assets/icons/<stem>.svg`).
    static var assetStem: String { get }
    /// What a stage is called on the progress line and in its errors, when the engine's name
    /// (`BuildStage.name`) does not say what the site does in it.
    static func name(of stage: BuildStage) -> String?

    /// Reads the site's settings.
    func readSettings() throws -> Settings
    /// What the output folder keeps besides the files a build writes.
    func outputRules(_ settings: Settings) -> OutputRules
    /// Whether every input of a site with `settings` is a file whose stamp tells when it
    /// changed: only then may a build be skipped because no stamp changed.
    func inputsAreFiles(_ settings: Settings) -> Bool
    /// Folders the site reads besides its content and templates.
    var otherInputFolders: [URL] { get }
    /// The folder of the content folder whose entries (`<folder>/*.md`) the site loads
    /// incrementally, one entry at a time, and renders again alone when only their bodies
    /// changed; nil when it has none.
    static var entryFolder: String? { get }

    /// Loads the content; `request` says what the previous build read.
    func loadContent(_ request: ContentRequest<Self>) throws -> LoadedContent<Self>
    /// Works out what assembly needs besides the loaded site; `building` is false when
    /// checking or building in memory. Lines added to `notices` go into the build's report.
    func prepare(_ loaded: LoadedSite<Self>, building: Bool, notices: inout [String]) throws -> Preparation
    /// What the pages and files are made with.
    func assembly(of loaded: LoadedSite<Self>, _ preparation: Preparation) throws -> Assembly
    /// The site's pages; `entryEdits`, when set, names the only entries whose inputs changed
    /// (`LoadedContent.entryEdits`), and the pages that stand as the previous build made
    /// them are listed apart.
    func pages(of loaded: LoadedSite<Self>, _ assembly: Assembly, entryEdits: Set<String>?) throws -> SitePageList
    /// Writes what the site adds once its pages are assembled, before anything else is
    /// written; it may wrap `output.output` (Aura seals personal files on their way out).
    func finish(_ assembled: AssembledSite<Self>, into output: inout BuildOutput) throws
    /// The files besides the pages and assets (sitemap, feeds), in groups that stand or are
    /// made together.
    func fileGroups(of assembled: AssembledSite<Self>, entryEdits: Set<String>?) -> [FileGroup]
    /// The path of the file made last, from a version that sums up every other file (a
    /// service worker); nil when the site has none.
    static var versionedFilePath: String? { get }
    /// The file at `versionedFilePath` for `version`.
    func versionedFile(of assembled: AssembledSite<Self>, version: String) throws -> Data
    /// Files the build's record must not name (a secret address); nil leaves none out.
    func recordLeavesOut(_ assembled: AssembledSite<Self>) -> (@Sendable (String) -> Bool)?
    /// The tag of the record's lines that keep the entries (`entryFolder`) for the next
    /// build, and the writer of those lines.
    static var entryLineTag: String { get }
    func writeEntryLines(of content: Content, to out: inout RecordText.Writer) throws
    /// What an unchanged build reports to the person who ran it.
    var noticesWhenUnchanged: [String] { get }
}

extension SiteDefinition {
    package static func name(of stage: BuildStage) -> String? { nil }
    package static var entryFolder: String? { nil }
    package static var entryLineTag: String { "entry" }
    package static var versionedFilePath: String? { nil }
    package var otherInputFolders: [URL] { [] }
    package var noticesWhenUnchanged: [String] { [] }
    package func inputsAreFiles(_ settings: Settings) -> Bool { true }
    package func recordLeavesOut(_ assembled: AssembledSite<Self>) -> (@Sendable (String) -> Bool)? { nil }
    package func writeEntryLines(of content: Content, to out: inout RecordText.Writer) throws {}
    package func finish(_ assembled: AssembledSite<Self>, into output: inout BuildOutput) throws {}
    package func fileGroups(of assembled: AssembledSite<Self>, entryEdits: Set<String>?) -> [FileGroup] { [] }
    package func versionedFile(of assembled: AssembledSite<Self>, version: String) throws -> Data { Data() }
}

/// What `SiteDefinition.loadContent` is told of the build.
package struct ContentRequest<Site: SiteDefinition>: Sendable {
    /// Nil when checking a site whose settings do not read.
    package let settings: Site.Settings?
    /// The site's path prefix (`/` while the settings are unread).
    package let root: String
    /// Where the previous build's record keeps its entries' lines (`SiteDefinition.entryLineTag`).
    package let previousEntries: (file: URL, offset: Int)?
    /// The entry folder's files and their stamps, when the build took them already.
    package let listedEntries: [(name: String, stamp: FileStamp)]?
    /// True when nothing but the entries changed since the previous build: the site then says
    /// which entries' bodies alone changed (`LoadedContent.entryEdits`).
    package let onlyEntriesChanged: Bool
}

/// What `SiteDefinition.loadContent` loaded.
package struct LoadedContent<Site: SiteDefinition>: Sendable {
    package let content: Site.Content
    /// When only entries' bodies changed since the previous build, their names: every other
    /// page and list is then what that build made.
    package let entryEdits: Set<String>?

    package init(content: Site.Content, entryEdits: Set<String>? = nil) {
        self.content = content
        self.entryEdits = entryEdits
    }
}

/// A site's pages: those to make, or to carry over when their keys and files are the previous
/// build's, and those that stand as the previous build made them.
package struct SitePageList: Sendable {
    package let all: PageList
    package let standing: [StandingPage]

    package init(all: PageList, standing: [StandingPage] = []) {
        self.all = all
        self.standing = standing
    }
}

/// Files made together, or carried over together from the previous build.
package struct FileGroup: Sendable {
    package let paths: [String]
    /// Only entries' bodies changed since the previous build, and none that these files show:
    /// they stand while they bear their recorded stamps.
    package let mayCarry: Bool
    package let make: @Sendable () throws -> [(path: String, data: Data)]

    package init(paths: [String], mayCarry: Bool, make: @escaping @Sendable () throws -> [(path: String, data: Data)]) {
        self.paths = paths
        self.mayCarry = mayCarry
        self.make = make
    }
}
