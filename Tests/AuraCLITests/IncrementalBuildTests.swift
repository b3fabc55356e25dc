import AuraTestSupport
import Foundation
import SiteEngine
import Testing

/// A rebuild that carries unchanged pages over from the previous site writes exactly the
/// bytes a first build of the same content writes.
@Suite(.serialized) struct IncrementalBuildTests {
    private func build(_ content: URL, into output: URL, templates: URL = Project.templates) async {
        let result = await aura([
            "build", "--content", content.path, "--templates", templates.path,
            "--output", output.path, "--quiet"
        ])
        #expect(result.status == 0, "\(result.err)")
    }

    /// Every file under `folder` by relative path, with its bytes; the build record without
    /// its file stamps (inodes and times differ between any two builds), its lines sorted (a
    /// rebuild records the pages it carries over first).
    private func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        // The build record, outside the site, with its files' stamps (inodes, times) left out.
        if let record = FileManager.default.contents(atPath: OutputFolderTests.state(of: folder, "record").path) {
            let lines = String(decoding: record, as: UTF8.self).split(separator: "\n").map { line in
                line.split(separator: " ", maxSplits: 3).enumerated().filter { $0.offset != 2 }.map(\.element).joined(
                    separator: " ")
            }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.split(separator: " ").count >= 2 })
            files["(record)"] = Data(lines.sorted().joined(separator: "\n").utf8)
        }
        return files
    }

    private func expectSameTree(
        _ incremental: URL, asColdBuildOf content: URL, templates: URL = Project.templates,
        _ step: String
    ) async throws {
        let cold = try temporaryFolder().appendingPathComponent("Public")
        await build(content, into: cold, templates: templates)
        let (made, expected) = (tree(incremental), tree(cold))
        #expect(made.count > 60 && made.keys.contains("(record)"), "\(step): \(made.count) files")
        #expect(
            Set(made.keys) == Set(expected.keys),
            "\(step): \(Set(made.keys).symmetricDifference(expected.keys).sorted())")
        let differing = made.keys.filter { made[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "\(step): \(differing)")
    }

    @Test func rebuildsMatchAColdBuildAfterNoChangeAnEditAnAdditionAndARemoval() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let culture = content.appendingPathComponent("culture")
        let output = folder.appendingPathComponent("Public")
        await build(content, into: output)
        let untouched = output.appendingPathComponent("culture/gitanjali/index.html")
        let inode = try FileManager.default.attributesOfItem(atPath: untouched.path)[.systemFileNumber] as? Int

        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "no change")
        // The untouched page was carried over from the previous site, not written anew.
        #expect(try FileManager.default.attributesOfItem(atPath: untouched.path)[.systemFileNumber] as? Int == inode)

        let edited = culture.appendingPathComponent("kokoro.md")
        try (try String(contentsOf: edited, encoding: .utf8) + "\nOne more paragraph, *new* in this build.\n")
            .write(to: edited, atomically: true, encoding: .utf8)
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "an edited entry")
        #expect(
            try String(contentsOf: output.appendingPathComponent("culture/kokoro/index.html"), encoding: .utf8)
                .contains("<em>new</em> in this build"))

        // Front matter shows in lists, filters, picks and other entries' related cards.
        try (try String(contentsOf: edited, encoding: .utf8))
            .replacingOccurrences(of: "title: \"Kokoro\"", with: "title: \"Kokoro (1914)\"")
            .replacingOccurrences(of: "energy: medium", with: "energy: high")
            .write(to: edited, atomically: true, encoding: .utf8)
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "an entry's title and energy")
        #expect(
            try String(contentsOf: output.appendingPathComponent("culture/index.html"), encoding: .utf8).contains(
                "Kokoro (1914)"))

        // A rebuild takes its entries in the previous build's order only while they are still
        // in order: an older date moves the entry down every list.
        try (try String(contentsOf: edited, encoding: .utf8))
            .replacingOccurrences(of: "published: 2026-10-24", with: "published: 2019-03-02")
            .write(to: edited, atomically: true, encoding: .utf8)
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "an entry's date")

        let added = try String(contentsOf: culture.appendingPathComponent("gitanjali.md"), encoding: .utf8)
            .replacingOccurrences(of: "title: \"Gitanjali\"", with: "title: \"Gitanjali, again\"")
        try added.write(to: culture.appendingPathComponent("gitanjali-again.md"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: culture.appendingPathComponent("things-fall-apart.md"))
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "an added and a removed entry")
        #expect(
            FileManager.default.fileExists(
                atPath: output.appendingPathComponent("culture/gitanjali-again/index.html").path))
        // The removed entry's folder goes with its page, as a cold build never makes it.
        #expect(
            !FileManager.default.fileExists(atPath: output.appendingPathComponent("culture/things-fall-apart").path))
    }

    /// A page changed by hand inside the site is rendered again, not carried forward, whether
    /// it was edited in place (same inode, same size) or replaced.
    @Test func aHandEditedPageInTheSiteIsRenderedAgain() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let output = folder.appendingPathComponent("Public")
        await build(content, into: output)
        let inPlace = output.appendingPathComponent("culture/gitanjali/index.html")
        let handle = try FileHandle(forWritingTo: inPlace)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data("X".utf8))
        try handle.close()
        let replaced = output.appendingPathComponent("culture/kokoro/index.html")
        try Data("hand-made\n".utf8).write(to: replaced, options: .atomic)

        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "hand-edited pages")
        #expect(try String(contentsOf: inPlace, encoding: .utf8).hasPrefix("<!"))
    }

    /// When only entries' bodies changed, the files that show none of them (the sitemap, the
    /// feeds when the entry is older than they reach) stand as they were, unless changed by hand.
    @Test func aBodyEditCarriesTheFilesThatDoNotShowIt() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let settings = content.appendingPathComponent("site.yml")
        try (try String(contentsOf: settings, encoding: .utf8) + "culture:\n  feed_size: 1\n").write(
            to: settings, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Public")
        await build(content, into: output)
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[
                .systemFileNumber] as? Int
        }
        let carried = ["sitemap.xml", "robots.txt", "culture/feed.xml", "culture/feed.json"]
        let before = try carried.map(inode)

        // Kokoro is not the newest entry, so the one-entry feeds do not show it.
        let edited = content.appendingPathComponent("culture/kokoro.md")
        try (try String(contentsOf: edited, encoding: .utf8) + "\nOne more paragraph.\n").write(
            to: edited, atomically: true, encoding: .utf8)
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "a body edit outside the feeds")
        #expect(try carried.map(inode) == before)

        // The newest entry is in the feeds; a sitemap edited by hand is made again.
        let newest = content.appendingPathComponent("culture/te-matatini.md")
        try (try String(contentsOf: newest, encoding: .utf8) + "\nOne more paragraph.\n").write(
            to: newest, atomically: true, encoding: .utf8)
        try Data("hand-made\n".utf8).write(to: output.appendingPathComponent("sitemap.xml"))
        await build(content, into: output)
        try await expectSameTree(output, asColdBuildOf: content, "a body edit inside the feeds")
        #expect(try inode("culture/feed.xml") != before[2])
        #expect(
            try String(contentsOf: output.appendingPathComponent("culture/feed.xml"), encoding: .utf8).contains(
                "One more paragraph."))
    }

    /// Copies of the default content and templates in a new folder, and where to build them.
    private func copiedSite() throws -> (content: URL, templates: URL, output: URL) {
        let folder = try temporaryFolder()
        let (content, templates) = (
            folder.appendingPathComponent("Content"), folder.appendingPathComponent("Templates")
        )
        try Project.copyContent(to: content)
        try FileManager.default.copyItem(at: Project.templates, to: templates)
        return (content, templates, folder.appendingPathComponent("Public"))
    }

    /// A changed template renders every page made from it again.
    @Test func aTemplateChangeRendersItsPagesAgain() async throws {
        let (content, templates, output) = try copiedSite()
        await build(content, into: output, templates: templates)

        let entryTemplate = templates.appendingPathComponent("pages/culture-entry.mustache")
        try (try String(contentsOf: entryTemplate, encoding: .utf8) + "<!-- changed template -->\n")
            .write(to: entryTemplate, atomically: true, encoding: .utf8)
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "a changed template")
        #expect(
            try String(contentsOf: output.appendingPathComponent("culture/gitanjali/index.html"), encoding: .utf8)
                .contains("<!-- changed template -->"))
    }

    /// An entry taken from its record line, its details cut out only when its page renders,
    /// reads as it did from its file: a backslash is escaped in the line and comes back whole.
    @Test func anEntryFromTheRecordReadsAsItsFileDid() async throws {
        let (content, templates, output) = try copiedSite()
        let kokoro = content.appendingPathComponent("culture/kokoro.md")
        try (try String(contentsOf: kokoro, encoding: .utf8))
            .replacingOccurrences(of: "title: \"Kokoro\"", with: "title: \"Kokoro \\\\ The Heart\"")
            .replacingOccurrences(of: "creator: \"Natsume Sōseki\"", with: "creator: \"Natsume \\\\ Sōseki\"")
            .write(to: kokoro, atomically: true, encoding: .utf8)
        await build(content, into: output, templates: templates)
        #expect(
            try String(contentsOf: OutputFolderTests.state(of: output, "record"), encoding: .utf8).contains(
                "Kokoro \\\\ The Heart"))

        // Every entry page renders again, every entry taken from the record.
        let entryTemplate = templates.appendingPathComponent("pages/culture-entry.mustache")
        try (try String(contentsOf: entryTemplate, encoding: .utf8) + "<!-- changed template -->\n")
            .write(to: entryTemplate, atomically: true, encoding: .utf8)
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "entries from the record")
        let page = try String(contentsOf: output.appendingPathComponent("culture/kokoro/index.html"), encoding: .utf8)
        #expect(
            page.contains("Kokoro \\ The Heart") && page.contains("Natsume \\ Sōseki")
                && page.contains("<!-- changed template -->"))
    }

    /// A record of several 64 KB pieces (`RecordText.Writer`) reads back whole: every file and
    /// every entry once, each line complete, and a rebuild carries every page over.
    @Test func aRecordOfManyPiecesReadsBackWhole() async throws {
        let (content, templates, output) = try copiedSite()
        let culture = content.appendingPathComponent("culture")
        let model = try String(contentsOf: culture.appendingPathComponent("a-dolls-house.md"), encoding: .utf8)
        for number in 1...400 {
            try model.replacingOccurrences(
                of: "title: \"A Doll's House\"", with: "title: \"A Doll's House, copy \(number)\""
            )
            .write(to: culture.appendingPathComponent("copy-\(number).md"), atomically: true, encoding: .utf8)
        }
        let entryCount = try FileManager.default.contentsOfDirectory(atPath: culture.path).filter {
            $0.hasSuffix(".md")
        }.count
        await build(content, into: output, templates: templates)
        let recordFile = OutputFolderTests.state(of: output, "record")
        let record = try String(contentsOf: recordFile, encoding: .utf8)
        #expect(record.utf8.count > 3 << 16 && record.hasSuffix("\n"))
        let lines = record.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let entryLines = lines.filter { $0.hasPrefix("entry\t") }
        let fileLines = lines.filter { !$0.hasPrefix("entry\t") && !$0.hasPrefix("inputs") }
        #expect(
            entryLines.count == entryCount
                && entryLines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 19 })
        #expect(Set(entryLines.map { $0.split(separator: "\t")[2] }).count == entryCount)
        let paths = fileLines.map { $0.split(separator: " ", maxSplits: 3).last! }
        #expect(
            fileLines.allSatisfy { $0.split(separator: " ", maxSplits: 3).count == 4 }
                && Set(paths).count == paths.count && paths == paths.sorted())
        #expect(paths.contains("culture/copy-400/index.html") && paths.contains("404.html"))

        let page = output.appendingPathComponent("culture/copy-400/index.html")
        let inode = try FileManager.default.attributesOfItem(atPath: page.path)[.systemFileNumber] as? Int
        await build(content, into: output, templates: templates)
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.systemFileNumber] as? Int == inode)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "a record of many pieces")
    }

    /// Builds a copy of the site, rewrites the lines of its record that `tamper` changes (nil
    /// keeps a line; `changed` lines must change), edits another entry so that the next build
    /// runs, builds again and expects the tree of a cold build. Returns the output folder.
    private func rebuildWithTamperedRecord(_ step: String, changed: Int, _ tamper: (Substring) -> String?) async throws
        -> URL
    {
        let (content, templates, output) = try copiedSite()
        await build(content, into: output, templates: templates)
        let record = OutputFolderTests.state(of: output, "record")
        let lines = try String(contentsOf: record, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let tampered = lines.map { tamper($0) ?? String($0) }
        #expect(zip(lines, tampered).count { $0 != $1 } == changed, "\(step)")
        try tampered.joined(separator: "\n").write(to: record, atomically: true, encoding: .utf8)
        let kokoro = content.appendingPathComponent("culture/kokoro.md")
        try (try String(contentsOf: kokoro, encoding: .utf8) + "\nA new line.\n").write(
            to: kokoro, atomically: true, encoding: .utf8)
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, step)
        return output
    }

    /// The build record sits in the published folder. A cached entry whose line names a slug
    /// (a folder of the site) or region the parser would refuse is read from its file again,
    /// never taken as it is.
    @Test func aTamperedRecordLineIsNotTrusted() async throws {
        // Another entry changes, so the build runs and takes gitanjali.md from the record.
        let output = try await rebuildWithTamperedRecord("a tampered record", changed: 1) { line in
            guard line.hasPrefix("entry\t"), line.contains("\tgitanjali.md\t") else { return nil }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            fields[5] = "../../escaped"
            return fields.joined(separator: "\t")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: output.deletingLastPathComponent().appendingPathComponent("escaped").path))
    }

    /// Digests in the record that do not read as 64 lowercase hex digits (a page's key, a file's
    /// digest, an entry's digests) leave that file or entry to be made again from its source.
    @Test func aRecordWhoseDigestsDoNotReadIsNotTrusted() async throws {
        _ = try await rebuildWithTamperedRecord("a record with unreadable digests", changed: 3) { line in
            var fields = line.split(separator: " ", maxSplits: 3).map(String.init)
            if line.hasSuffix(" culture/fespaco/index.html") {
                fields[0] = fields[0].uppercased()
                return fields.joined(separator: " ")
            }
            if line.hasSuffix(" culture/feed.xml") {
                fields[1] = String(fields[1].dropLast())
                return fields.joined(separator: " ")
            }
            guard line.hasPrefix("entry\t"), line.contains("\tgitanjali.md\t") else { return nil }
            fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            fields[3] = "zz"
            fields[4] = String(repeating: "g", count: 64)
            return fields.joined(separator: "\t")
        }
    }

    /// A changed partial renders again only the pages whose templates include it: the culture
    /// lists take the new filters, and every entry's page is left as it was.
    @Test func aChangedPartialRendersOnlyThePagesThatIncludeIt() async throws {
        let (content, templates, output) = try copiedSite()
        await build(content, into: output, templates: templates)
        let entryPage = output.appendingPathComponent("culture/gitanjali/index.html")
        let before = try FileManager.default.attributesOfItem(atPath: entryPage.path)
        // The key the record holds for a page changes whenever the page is rendered again.
        func recordedKey(_ path: String) throws -> Substring? {
            try String(contentsOf: OutputFolderTests.state(of: output, "record"), encoding: .utf8)
                .split(separator: "\n").first { $0.hasSuffix(" " + path) }?.split(separator: " ").first
        }
        let (entryKey, listKey) = (
            try recordedKey("culture/gitanjali/index.html"), try recordedKey("culture/index.html")
        )
        #expect(entryKey != nil && listKey != nil)

        let filters = templates.appendingPathComponent("partials/culture-filters.mustache")
        try (try String(contentsOf: filters, encoding: .utf8) + "<!-- changed filters -->\n")
            .write(to: filters, atomically: true, encoding: .utf8)
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "a changed partial")
        #expect(
            try String(contentsOf: output.appendingPathComponent("culture/index.html"), encoding: .utf8)
                .contains("<!-- changed filters -->"))
        let after = try FileManager.default.attributesOfItem(atPath: entryPage.path)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
        #expect(try recordedKey("culture/gitanjali/index.html") == entryKey)
        #expect(try recordedKey("culture/index.html") != listKey)
    }

    /// A file of the theme that becomes a folder, and back: the retired file makes way in place.
    @Test func aFileThatBecomesAFolderAndBackMatchesAColdBuild() async throws {
        let (content, templates, output) = try copiedSite()
        let downloads = templates.appendingPathComponent("static/downloads")
        try Data("one file\n".utf8).write(to: downloads)
        await build(content, into: output, templates: templates)

        try FileManager.default.removeItem(at: downloads)
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data("a guide\n".utf8).write(to: downloads.appendingPathComponent("guide.txt"))
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "a file became a folder")

        // A hand-made file in the folder blocks the way back, and nothing changes.
        let mine = output.appendingPathComponent("downloads/mine.txt")
        try Data("mine\n".utf8).write(to: mine)
        try FileManager.default.removeItem(at: downloads)
        try Data("one file again\n".utf8).write(to: downloads)
        let before = try snapshot(output)
        let blocked = await aura([
            "build", "--content", content.path, "--templates", templates.path, "--output", output.path, "--quiet"
        ])
        #expect(blocked.status == 1)
        #expect(blocked.err.contains("downloads/mine.txt was not written by a build of this site"), "\(blocked.err)")
        #expect(try snapshot(output) == before)

        try FileManager.default.removeItem(at: mine)
        await build(content, into: output, templates: templates)
        try await expectSameTree(output, asColdBuildOf: content, templates: templates, "a folder became a file")
    }
}
