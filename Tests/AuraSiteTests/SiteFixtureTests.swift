import AuraTestSupport
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// Whole small sites built in memory from one text block: what they write, and that they
/// never touch the disk.
struct SiteFixtureTests {
    @Test func aMinimalSiteBuildsEveryPageInMemory() async throws {
        let output = try await SiteFixture(SiteFixture.minimal).build()
        for path in [
            "index.html", "design/index.html", "offline/index.html", "404.html", "culture/index.html",
            "sitemap.xml", "robots.txt", "manifest.webmanifest", "sw.js", "assets/icons/aura.svg"
        ] {
            #expect(output[path] != nil, "missing \(path)")
        }
        #expect(output["index.html"]?.contains("<h1>Hello</h1>") == true)
        #expect(output["robots.txt"] == "Sitemap: https://mini.example/sitemap.xml\n")
        let stylesheet = try #require(output.keys.first { $0.hasPrefix("assets/aura.") && $0.hasSuffix(".css") })
        #expect(output["index.html"]?.contains("href=\"/\(stylesheet)\"") == true)
    }

    @Test func aFixtureBuildWritesNothingToDisk() async throws {
        let fixture = SiteFixture(SiteFixture.minimal)
        _ = try await fixture.build()
        #expect(await fixture.check() == [])
        #expect(
            !FileManager.default.fileExists(atPath: fixture.root.path), "a fixture build created \(fixture.root.path)")
        #expect(
            !FileManager.default.fileExists(
                atPath: fixture.root.deletingLastPathComponent()
                    .appendingPathComponent(".\(fixture.root.lastPathComponent)").path))
    }

    @Test func aLaterFileReplacesAnEarlierOne() async throws {
        let output = try await SiteFixture(
            SiteFixture.minimal,
            """
            -- Templates/site/robots.txt.mustache --
            User-agent: *
            """
        ).build()
        #expect(output["robots.txt"] == "User-agent: *\n")
    }

    @Test func aBaseURLWithAPathPrefixesEveryLink() async throws {
        let output = try await SiteFixture(SiteFixture.minimal).build(baseURL: URL(string: "https://example.org/aura/"))
        #expect(output["index.html"]?.contains("href=\"/aura/assets/aura.") == true)
        #expect(output["robots.txt"] == "Sitemap: https://example.org/aura/sitemap.xml\n")
    }

    /// Two builds of the same site, wherever it lives, write the same bytes; the service
    /// worker's version changes with any file of the site and nothing else.
    @Test func outputAndWorkerVersionFollowTheContentAndNothingElse() async throws {
        let entry = SiteFixture.cultureEntry("kokoro", title: "Kokoro")
        let first = try await SiteFixture(SiteFixture.minimal, entry).build()
        let again = try await SiteFixture(SiteFixture.minimal, entry).build()
        #expect(first == again)
        let changed = try await SiteFixture(SiteFixture.minimal, entry + "\nOne more line.").build()
        let version = /var VERSION = "([0-9a-f]{10})";/
        let before = try #require(first["sw.js"]?.firstMatch(of: version)).output.1
        #expect(try #require(changed["sw.js"]?.firstMatch(of: version)).output.1 != before)
    }
}
