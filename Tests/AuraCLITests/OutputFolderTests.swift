import AuraTestSupport
import Foundation
import Testing

/// What a build does to the folder it publishes into: files it never made survive, a clash is
/// an error, and what killed builds left behind is removed.
@Suite(.serialized) struct OutputFolderTests {
    private func build(_ output: URL, content: URL = Project.content) async -> (status: Int32, out: String, err: String) {
        await aura(["build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path, "--quiet"])
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
        let added = ["CNAME": "aura.example\n", ".git/HEAD": "ref: refs/heads/main\n",
                     ".well-known/security.txt": "Contact: mailto:me@aura.example\n",
                     "culture/reading-list.pdf": "%PDF-1.7\n"]
        for (path, text) in added {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = await build(output)
        #expect(result.status == 0, "\(result.err)")
        for (path, text) in added {
            #expect((try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) == text, "\(path) was lost")
        }
        // Built files the new build no longer makes are still removed.
        let marker = try String(contentsOf: output.appendingPathComponent(".aura-output"), encoding: .utf8)
        #expect(!marker.contains("CNAME") && marker.contains("\nindex.html\n"))
    }

    @Test func keepInSiteYAMLAllowsAForeignFolder() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: Project.content, to: content)
        let site = content.appendingPathComponent("site.yml")
        try (try String(contentsOf: site, encoding: .utf8) + "keep: [downloads/, google1234.html]\n").write(to: site, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try Data("zip".utf8).write(to: output.appendingPathComponent("downloads/aura.zip"))
        try Data("google-site-verification".utf8).write(to: output.appendingPathComponent("google1234.html"))
        let result = await build(output, content: content)
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("downloads/aura.zip").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("google1234.html").path))

        try (try String(contentsOf: site, encoding: .utf8) + "").replacingOccurrences(of: "keep: [downloads/, google1234.html]", with: "keep: [../elsewhere]")
            .write(to: site, atomically: true, encoding: .utf8)
        let outside = await build(output, content: content)
        #expect(outside.status == 1)
        #expect(outside.err.contains("site.yml:") && outside.err.contains("'../elsewhere' is not a path inside the output folder"), "\(outside.err)")
    }

    @Test func aHandMadeFileWhereTheBuildWritesIsAnErrorAndNothingIsLost() async throws {
        let output = try await buildDefaultSite()
        try FileManager.default.removeItem(at: output.appendingPathComponent("robots.txt"))
        // Recorded as the build's before; now remove it from the list, as if added by hand.
        let markerURL = output.appendingPathComponent(".aura-output")
        let marker = try String(contentsOf: markerURL, encoding: .utf8).replacingOccurrences(of: "\nrobots.txt\n", with: "\n")
        try marker.write(to: markerURL, atomically: true, encoding: .utf8)
        try Data("User-agent: *\nDisallow: /\n".utf8).write(to: output.appendingPathComponent("robots.txt"))
        let result = await build(output)
        #expect(result.status == 1)
        #expect(result.err.contains("robots.txt was not written by aura, and this build writes it"), "\(result.err)")
        #expect(try String(contentsOf: output.appendingPathComponent("robots.txt"), encoding: .utf8) == "User-agent: *\nDisallow: /\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted() == [".Public.lock", "Public"])
    }

    @Test func leftoversOfKilledBuildsAreRemoved() async throws {
        let output = try await buildDefaultSite()
        let parent = output.deletingLastPathComponent()
        for name in [".Public.staging-999999", ".Public.previous-999998"] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name + "/assets"), withIntermediateDirectories: true)
        }
        #expect(await build(output).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".Public.lock", "Public"])
    }

    @Test func theSiteIsSwappedInNotRenamedAside() async throws {
        // The old site's files keep their inodes where unchanged (hard links) and the folder is
        // exchanged in one step: the destination's inode changes, no retired folder appears.
        let output = try await buildDefaultSite()
        let before = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        // A page edited by hand makes the rebuild a real one (with nothing changed, nothing is swapped).
        try Data("edited\n".utf8).write(to: output.appendingPathComponent("404.html"))
        #expect(await build(output).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        #expect(before != nil && before != after)
    }
}
