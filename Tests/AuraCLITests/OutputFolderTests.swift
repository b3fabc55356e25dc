import AuraTestSupport
import Foundation
import Testing

/// What a build does to the folder it publishes into: files it never made survive, a clash is
/// an error, and what killed builds left behind is removed.
@Suite(.serialized) struct OutputFolderTests {
    private func build(_ output: URL, content: URL = Project.content) async -> (status: Int32, out: String, err: String)
    {
        await aura([
            "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path,
            "--quiet"
        ])
    }

    @Test func aFolderHoldingOnlyTheUsersReadmeKeepsIt() async throws {
        let output = try temporaryFolder().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("# My notes\n".utf8).write(to: output.appendingPathComponent("README.md"))
        #expect(await build(output).status == 0)
        #expect(try String(contentsOf: output.appendingPathComponent("README.md"), encoding: .utf8) == "# My notes\n")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test func filesAddedToABuiltSiteSurviveTheNextBuild() async throws {
        let output = try await buildDefaultSite()
        let added = [
            "CNAME": "aura.example\n", ".git/HEAD": "ref: refs/heads/main\n",
            ".well-known/security.txt": "Contact: mailto:me@aura.example\n",
            "culture/reading-list.pdf": "%PDF-1.7\n"
        ]
        for (path, text) in added {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = await build(output)
        #expect(result.status == 0, "\(result.err)")
        for (path, text) in added {
            #expect(
                (try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) == text,
                "\(path) was lost")
        }
        // Built files the new build no longer makes are still removed.
        let marker = try String(contentsOf: Self.state(of: output, "files"), encoding: .utf8)
        #expect(!marker.contains("CNAME") && marker.contains("\nindex.html\n"))
    }

    @Test func keepInSiteYAMLAllowsAForeignFolder() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let site = content.appendingPathComponent("site.yml")
        try (try String(contentsOf: site, encoding: .utf8) + "keep: [downloads/, google1234.html]\n").write(
            to: site, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try Data("zip".utf8).write(to: output.appendingPathComponent("downloads/aura.zip"))
        try Data("google-site-verification".utf8).write(to: output.appendingPathComponent("google1234.html"))
        let result = await build(output, content: content)
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("downloads/aura.zip").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("google1234.html").path))

        try (try String(contentsOf: site, encoding: .utf8) + "").replacingOccurrences(
            of: "keep: [downloads/, google1234.html]", with: "keep: [../elsewhere]"
        )
        .write(to: site, atomically: true, encoding: .utf8)
        let outside = await build(output, content: content)
        #expect(outside.status == 1)
        #expect(
            outside.err.contains("site.yml:")
                && outside.err.contains("'../elsewhere' is not a path inside the output folder"), "\(outside.err)")
    }

    @Test func aHandMadeFileWhereTheBuildWritesIsAnErrorAndNothingIsLost() async throws {
        let output = try await buildDefaultSite()
        try FileManager.default.removeItem(at: output.appendingPathComponent("robots.txt"))
        // Recorded as the build's before; now remove it from the list, as if added by hand.
        let markerURL = Self.state(of: output, "files")
        let marker = try String(contentsOf: markerURL, encoding: .utf8).replacingOccurrences(
            of: "\nrobots.txt\n", with: "\n")
        try marker.write(to: markerURL, atomically: true, encoding: .utf8)
        try Data("User-agent: *\nDisallow: /\n".utf8).write(to: output.appendingPathComponent("robots.txt"))
        let before = try snapshot(output)
        let result = await build(output)
        #expect(result.status == 1)
        #expect(
            result.err.contains("robots.txt was not written by a build of this site, and this build writes it"),
            "\(result.err)")
        #expect(
            try String(contentsOf: output.appendingPathComponent("robots.txt"), encoding: .utf8)
                == "User-agent: *\nDisallow: /\n")
        #expect(try snapshot(output) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted() == [
                ".aura", "Public"
            ])
    }

    @Test func leftoversOfKilledBuildsAreRemoved() async throws {
        let output = try await buildDefaultSite()
        let parent = output.deletingLastPathComponent()
        // This Aura's, and an older one's, which kept them beside the output.
        for name in [".aura/build/Public/staging-999999", ".Public.staging-999998", ".Public.previous-999997"] {
            try FileManager.default.createDirectory(
                at: parent.appendingPathComponent(name + "/assets"), withIntermediateDirectories: true)
        }
        for name in [".aura/build/Public/record-999999", ".aura/build/Public/files-999999", ".Public.lock"] {
            try Data("x".utf8).write(to: parent.appendingPathComponent(name))
        }
        #expect(await build(output).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".aura", "Public"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: Self.state(of: output, "").path).sorted() == [
                "files", "lock", "record"
            ])
    }

    @Test func theOutputHoldsTheSiteAndNothingElse() async throws {
        let output = try await buildDefaultSite()
        let hidden = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "\(hidden)")
        #expect(FileManager.default.fileExists(atPath: Self.state(of: output, "record").path))
        #expect(try String(contentsOf: Self.state(of: output, "files"), encoding: .utf8).contains("\nindex.html\n"))
    }

    @Test func aSiteAnOlderAuraBuiltIsTakenOverAndItsRecordsLeaveIt() async throws {
        let output = try await buildDefaultSite()
        let parent = output.deletingLastPathComponent()
        // As an older Aura left it: the marker and the record inside the site, its lock beside it.
        let listed = try String(contentsOf: Self.state(of: output, "files"), encoding: .utf8).split(separator: "\n")
            .dropFirst()
        try Data(
            (["This folder is generated by `aura build` and replaced on every build. Files it wrote:"] + listed
                + [".aura-build"]).joined(separator: "\n").utf8
        ).write(to: output.appendingPathComponent(".aura-output"))
        try FileManager.default.copyItem(
            at: Self.state(of: output, "record"), to: output.appendingPathComponent(".aura-build"))
        try FileManager.default.removeItem(at: parent.appendingPathComponent(".aura"))
        try Data().write(to: parent.appendingPathComponent(".Public.lock"))
        try Data("aura.example\n".utf8).write(to: output.appendingPathComponent("CNAME"))
        let result = await build(output)
        #expect(result.status == 0, "\(result.err)")
        for name in [".aura-output", ".aura-build"] {
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name)")
        }
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "aura.example\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".aura", "Public"])
    }

    /// A file of `output`'s build state (`.aura/build/<name>/` beside it), or the folder for "".
    static func state(of output: URL, _ name: String) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".aura/build/\(output.lastPathComponent)/\(name)")
    }

    /// Every entry under `folder` (the folder itself as ""), by relative path: its inode, and
    /// for a file its modification time. A folder's time changes when a file is renamed into it.
    private func entries(_ folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let paths = [""] + (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
        for path in paths {
            var status = stat()
            #expect(lstat(folder.appendingPathComponent(path).path, &status) == 0)
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            entries[path] =
                "\(status.st_ino)" + (isFolder ? "/" : " \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
        }
        return entries
    }

    private func copiedContent() throws -> (content: URL, output: URL) {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        return (content, folder.appendingPathComponent("Public"))
    }

    private func append(_ text: String, to url: URL) throws {
        try (try String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aFirstBuildIsSwappedInARebuildReplacesOnlyTheChangedFilesInPlace() async throws {
        let (content, output) = try copiedContent()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("# Mine\n".utf8).write(to: output.appendingPathComponent("README.md"))
        let empty = try entries(output)[""]
        #expect(await build(output, content: content).status == 0)
        let (first, firstBytes) = (try entries(output), try snapshot(output))
        // A first build exchanges the whole folder in one step.
        #expect(first[""] != empty)

        try append("\nOne more line.\n", to: content.appendingPathComponent("culture/kokoro.md"))
        #expect(await build(output, content: content).status == 0)
        let (second, secondBytes) = (try entries(output), try snapshot(output))
        #expect(Set(second.keys) == Set(first.keys))
        // Every folder, the output's own included, is the one that was there: nothing was rebuilt beside it.
        let replacedFolders = first.filter { $0.value.hasSuffix("/") && second[$0.key] != $0.value }.keys.sorted()
        #expect(replacedFolders.isEmpty, "\(replacedFolders)")
        // Only files whose bytes changed were replaced, the edited page among them.
        let replaced = second.keys.filter { second[$0] != first[$0] }.sorted()
        #expect(replaced.contains("culture/kokoro/index.html"))
        let replacedAlike = replaced.filter { secondBytes[$0] == firstBytes[$0] }
        #expect(replacedAlike.isEmpty, "rewritten with the same bytes: \(replacedAlike)")
        #expect(replaced.count < 10, "\(replaced)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted()
                == ["Content", ".aura", "Public"].sorted())
    }

    @Test func aBuildThatFailsWhileRenderingLeavesTheSiteAsItWas() async throws {
        let (content, output) = try copiedContent()
        let templates = content.deletingLastPathComponent().appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Project.templates, to: templates)
        let arguments = [
            "build", "--content", content.path, "--templates", templates.path, "--output", output.path, "--quiet"
        ]
        #expect(await aura(arguments).status == 0)
        let (before, beforeBytes) = (try entries(output), try snapshot(output))
        // Pages of entries without a venue render (and are written) first; one with a venue
        // includes the partial without end, which only rendering finds.
        try Data("{{#entry.venue}}{{> partials/venue-loop}}{{/entry.venue}}\n".utf8)
            .write(to: templates.appendingPathComponent("partials/venue-loop.mustache"))
        let page = templates.appendingPathComponent("pages/culture-entry.mustache")
        try (try String(contentsOf: page, encoding: .utf8)).replacingOccurrences(
            of: "{{/entry.venue}}", with: "{{/entry.venue}}{{> partials/venue-loop}}"
        )
        .write(to: page, atomically: true, encoding: .utf8)
        let result = await aura(arguments)
        #expect(result.status == 1)
        #expect(result.err.contains("is included more than 100 levels deep"), "\(result.err)")
        #expect(try entries(output) == before)
        #expect(try snapshot(output) == beforeBytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted() == [
                ".aura", "Content", "Public", "Templates"
            ])
    }

    @Test func filesAddedByHandInsideBuiltFoldersSurviveRebuildsThatRemovePages() async throws {
        let (content, output) = try copiedContent()
        #expect(await build(output, content: content).status == 0)
        let added = ["culture/notes.txt", "culture/things-fall-apart/notes.txt"]
        for path in added { try Data("mine\n".utf8).write(to: output.appendingPathComponent(path)) }
        try FileManager.default.removeItem(at: content.appendingPathComponent("culture/things-fall-apart.md"))
        try append("\nOne more line.\n", to: content.appendingPathComponent("culture/kokoro.md"))
        let result = await build(output, content: content)
        #expect(result.status == 0, "\(result.err)")
        for path in added {
            #expect(try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) == "mine\n")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: output.appendingPathComponent("culture/things-fall-apart/index.html").path))
        let marker = try String(contentsOf: Self.state(of: output, "files"), encoding: .utf8)
        #expect(
            !marker.contains("notes.txt") && !marker.contains("things-fall-apart")
                && marker.contains("\nculture/kokoro/index.html\n"))

    }

    @Test func theJournalOfAKilledRebuildMarksItsFilesAsAuras() async throws {
        let (content, output) = try copiedContent()
        #expect(await build(output, content: content).status == 0)
        // As a rebuild killed after renaming in a page of an entry since removed, and before
        // writing the marker that lists robots.txt again.
        let stray = output.appendingPathComponent("culture/an-entry-since-removed/index.html")
        try FileManager.default.createDirectory(
            at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<!doctype html>\n".utf8).write(to: stray)
        let markerURL = Self.state(of: output, "files")
        try (try String(contentsOf: markerURL, encoding: .utf8)).replacingOccurrences(of: "\nrobots.txt\n", with: "\n")
            .write(to: markerURL, atomically: true, encoding: .utf8)
        let journal = Self.state(of: output, "pending")
        try Data(
            "An `aura build` updating the folder of this name beside .aura/ was stopped; these files are its own:\nculture/an-entry-since-removed/index.html\nrobots.txt\n"
                .utf8
        ).write(to: journal)

        // Nothing changed since the killed build's inputs, yet the journal makes this a build.
        let result = await build(output, content: content)
        #expect(result.status == 0, "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: stray.deletingLastPathComponent().path))
        #expect(try String(contentsOf: markerURL, encoding: .utf8).contains("\nrobots.txt\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted() == [
                ".aura", "Content", "Public"
            ])
    }
}
