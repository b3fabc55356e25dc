import Foundation
import Mustache
import SiteEngineTestSupport
import Synchronization
import Testing

@testable import SiteEngine

/// The engine builds a site that is not Aura's: a folder of notes, one page each, a list of
/// them and a file versioned by the others, through `SiteDefinition` alone.
struct SiteDefinitionTests {
    struct NotesSettings: SiteSettings {
        var baseURL: URL
        var keep: [String] = []
    }

    final class Counter: Sendable {
        let count = Mutex(0)
    }

    /// Every note (`Content/notes/<name>.md`) is a page at `/<name>/`.
    struct NotesSite: SiteDefinition {
        struct Note: Sendable {
            let name: String
            let text: String
        }

        typealias Content = [Note]
        typealias Preparation = Void
        typealias Assembly = String

        let sources: SiteSources
        /// How many pages' view models were made: a page carried over is not made.
        let madePages = Counter()

        static let assetStem = "notes"
        static let versionedFilePath: String? = "version.txt"

        static func name(of stage: BuildStage) -> String? {
            stage == .loadContent ? "Read the notes" : nil
        }

        func readSettings() throws -> NotesSettings {
            let file = sources.contentDirectory.appendingPathComponent("site.url")
            let text = String(decoding: try sources.fileSystem.read(file), as: UTF8.self)
            guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw SiteError(message: "site.url: not an address")
            }
            return NotesSettings(baseURL: url)
        }

        func outputRules(_ settings: NotesSettings) -> OutputRules { OutputRules(keep: settings.keep) }

        func loadContent(_ request: ContentRequest<Self>) throws -> LoadedContent<Self> {
            let folder = sources.contentDirectory.appendingPathComponent("notes")
            let notes = try sources.fileSystem.names(in: folder, endingWith: ".md").map { name in
                Note(
                    name: String(name.dropLast(3)),
                    text: try ContentFile.read(folder.appendingPathComponent(name), in: sources.fileSystem))
            }
            return LoadedContent(content: notes)
        }

        func prepare(_ loaded: LoadedSite<Self>, building: Bool, notices: inout [String]) throws {
            notices.append("\(loaded.content.count) notes")
        }

        func assembly(of loaded: LoadedSite<Self>, _ preparation: Void) throws -> String { loaded.root }

        func pages(of loaded: LoadedSite<Self>, _ root: String, entryEdits: Set<String>?) throws -> SitePageList {
            let assets = try loaded.assets.assets(forPage: "note")
            let made = madePages
            return SitePageList(
                all: PageList(
                    loaded.content.map { note in
                        let (name, text) = (note.name, note.text)
                        return Page(
                            path: "\(root)\(name)/", outputFile: "\(name)/index.html", template: "note",
                            inSitemap: true, isPersonal: false, assetPaths: assets.all, inputs: { text }
                        ) {
                            made.count.withLock { $0 += 1 }
                            guard !text.hasPrefix("FAIL") else {
                                throw SiteError(message: "\(name).md: cannot be shown")
                            }
                            return .dictionary([
                                "title": .string(name), "html": .string(Markdown.html(text)),
                                "stylesheets": .array(assets.stylesheets.map(MustacheValue.string))
                            ])
                        }
                    }))
        }

        func fileGroups(of assembled: AssembledSite<Self>, entryEdits: Set<String>?) -> [FileGroup] {
            let paths = assembled.pages.map(\.path)
            return [
                FileGroup(paths: ["notes.txt"], mayCarry: false) {
                    [("notes.txt", Data(paths.joined(separator: "\n").utf8))]
                }
            ]
        }

        func versionedFile(of assembled: AssembledSite<Self>, version: String) throws -> Data {
            Data("version \(version)\n".utf8)
        }
    }

    static let theme = """
        \(MinimalTheme.tokensFile)
        -- Templates/assets/icons/notes.svg --
        <svg xmlns="http://www.w3.org/2000/svg"/>
        -- Templates/assets/css/notes.css --
        body { margin: 0; }
        -- Templates/note.mustache --
        <title>{{title}}</title>{{#stylesheets}}<link rel="stylesheet" href="{{.}}">{{/stylesheets}}{{{html}}}
        -- Content/site.url --
        https://notes.example/n/
        -- Content/notes/first.md --
        # First
        -- Content/notes/second.md --
        *Second*
        """

    /// The site's folders in a memory file system holding `text`'s files (txtar style).
    static func site(_ text: String) -> NotesSite {
        let root = URL(fileURLWithPath: "/notes-site")
        var files: [String: Data] = [:]
        var path: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --") {
                path = root.appendingPathComponent(String(line.dropFirst(3).dropLast(3))).path
                files[path!] = Data()
            } else if let path {
                files[path]!.append(contentsOf: Array((line + "\n").utf8))
            }
        }
        return NotesSite(
            sources: SiteSources(
                contentDirectory: root.appendingPathComponent("Content"),
                templatesDirectory: root.appendingPathComponent("Templates"),
                outputDirectory: root.appendingPathComponent("Public"), baseURL: nil, fileSystem: .memory(files)))
    }

    static func output(of site: NotesSite) throws -> [String: String] {
        let folder = site.sources.outputDirectory
        var files: [String: String] = [:]
        for path in site.sources.fileSystem.files(folder) {
            files[path] = String(
                decoding: try site.sources.fileSystem.read(folder.appendingPathComponent(path)), as: UTF8.self)
        }
        return files
    }

    @Test func buildsEveryStageOfAnotherSite() async throws {
        let site = Self.site(Self.theme)
        let stages = Mutex<[String]>([])
        let report = try await SiteBuild(site: site).build(progress: { progress in
            if case .stage(_, _, let name) = progress { stages.withLock { $0.append(name) } }
        })
        #expect(report.pageCount == 2)
        #expect(report.notices == ["2 notes"])
        #expect(stages.withLock { $0 }.count == BuildStage.allCases.count)
        #expect(stages.withLock { $0 }.contains("Read the notes"))
        let files = try Self.output(of: site)
        let stylesheet = try #require(files.keys.first { $0.hasPrefix("assets/notes.common.") && $0.hasSuffix(".css") })
        #expect(
            files["first/index.html"]?.hasPrefix(
                "<title>first</title><link rel=\"stylesheet\" href=\"/n/\(stylesheet)\"><h1>First</h1>") == true)
        #expect(files["second/index.html"]?.contains("<p><em>Second</em></p>") == true)
        #expect(files["notes.txt"] == "/n/first/\n/n/second/")
        #expect(files["assets/icons/notes.svg"] != nil)
        #expect(files["version.txt"]?.hasPrefix("version ") == true)
    }

    @Test func aRebuildMakesOnlyTheChangedPage() async throws {
        let site = Self.site(Self.theme)
        _ = try await SiteBuild(site: site).build()
        #expect(site.madePages.count.withLock { $0 } == 2)
        let version = try Self.output(of: site)["version.txt"]
        _ = try await SiteBuild(site: site).build()
        #expect(site.madePages.count.withLock { $0 } == 2)
        #expect(try Self.output(of: site)["version.txt"] == version)

        // The same folders, with the first build's output and record, and one note changed.
        var sources = site.sources
        let read = sources.fileSystem.read
        sources.fileSystem.read = { url in
            url.lastPathComponent == "second.md" ? Data("*Changed*\n".utf8) : try read(url)
        }
        let changed = NotesSite(sources: sources)
        _ = try await SiteBuild(site: changed).build()
        #expect(changed.madePages.count.withLock { $0 } == 1)
        #expect(try Self.output(of: changed)["second/index.html"]?.contains("<em>Changed</em>") == true)
        #expect(try Self.output(of: changed)["version.txt"] != version)
    }

    @Test func aCheckCollectsEveryStagesProblemsAndSkipsWhatTheyFeed() async throws {
        let broken = Self.site(
            Self.theme + "\n-- Content/site.url --\n\n-- Templates/note.mustache --\n{{#unclosed}}\n")
        let (pageCount, problems) = await SiteBuild(site: broken).check()
        #expect(pageCount == 0)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first == "site.url: not an address")
        #expect(problems.last?.contains("note.mustache:1:") == true, "\(problems)")

        let badPages = Self.theme + "\n-- Content/notes/first.md --\nFAIL\n-- Content/notes/second.md --\nFAIL\n"
        let badPage = Self.site(badPages)
        let check = await SiteBuild(site: badPage).check()
        #expect(check.pageCount == 2)
        #expect(check.problems == ["first.md: cannot be shown", "second.md: cannot be shown"])
        await #expect(throws: BuildError.self) { _ = try await SiteBuild(site: badPage).build() }
        #expect(try Self.output(of: badPage).isEmpty)
    }
}
