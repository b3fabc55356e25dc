import AuraTestSupport
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// Values written to inject into the built site — a newline through `--base-url` — end up
/// escaped or refused.
struct HostileSiteTests {
    @Test func anEncodedNewlineInTheBaseURLStaysEncodedInLinksAndTheWorker() async throws {
        let output = try temporaryFolder().appendingPathComponent("Public")
        let result = await aura([
            "build", "--content", Project.content.path, "--templates", Project.templates.path,
            "--output", output.path, "--base-url", "https://aura.example/a%0Ab/", "--quiet"
        ])
        #expect(result.status == 0, "\(result.err)")
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"/a%0Ab/manifest.webmanifest\""))
        let worker = try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8)
        #expect(worker.contains("var ROOT = unescapeHTML(\"/a%0Ab/\")"))
        #expect(!worker.contains("/a\nb/") && !index.contains("/a\nb/"))
    }

    @Test func aBaseURLWithASpaceIsAUsageError() async {
        let result = await aura(["build", "--base-url", "https://aura.example/a b/"])
        #expect(result.status == 2)
        #expect(
            result.err.hasPrefix(
                "error: --base-url has a space at character 23; expected an address without spaces, quotes, "
                    + "angle brackets, backslashes or control characters (percent-encode them)\n"))
    }

    /// The same content built from two different absolute places gives the same bytes: no page,
    /// feed or worker version names the folder the content lives in.
    @Test func outputDoesNotDependOnWhereTheContentLives() async throws {
        var builds: [[String: Data]] = []
        for place in ["a", "b/deeper/still"] {
            let content = try temporaryFolder().appendingPathComponent(place).appendingPathComponent("Content")
            try FileManager.default.createDirectory(
                at: content.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Project.copyContent(to: content)
            let output = content.deletingLastPathComponent().appendingPathComponent("Public")
            let result = await aura([
                "build", "--content", content.path, "--templates", Project.templates.path,
                "--output", output.path, "--quiet"
            ])
            #expect(result.status == 0, "\(result.err)")
            let files = try snapshot(output)
            #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains(content.path) })
            builds.append(files)
        }
        #expect(builds[0].keys.sorted() == builds[1].keys.sorted())
        #expect(builds[0].filter { builds[1][$0.key] != $0.value }.keys.sorted() == [])
        let planner = String(decoding: try #require(builds[0]["planner/index.html"]), as: UTF8.self)
        #expect(planner.contains("<code>Content/planner/inbox.md</code>"))
    }
}
