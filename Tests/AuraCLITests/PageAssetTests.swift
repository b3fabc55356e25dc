import AuraTestSupport
import Foundation
import Testing

/// Each page loads the common bundle and its own group's, as `Templates/assets/bundles.yml` says.
@Suite(.serialized) struct PageAssetTests {
    /// The stylesheets and scripts a page links to, in order.
    static func assets(of html: String) -> [String] {
        html.matches(of: /<link rel="stylesheet" href="([^"]+)">|<script src="([^"]+)"/).map {
            String($0.output.1 ?? $0.output.2!)
        }
    }

    static func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path], "no \(path)"), as: UTF8.self)
    }

    @Test func theLandingPageLoadsNoPlannerCode() async throws {
        let files = try snapshot(try await buildDefaultSite())
        let landing = Self.assets(of: try Self.text(files, "index.html"))
        let dashboard = Self.assets(of: try Self.text(files, "dashboard/index.html"))
        #expect(landing.filter { $0.contains("/aura.common.") }.count == 2, "\(landing)")
        let planner = dashboard.filter { !$0.contains("/aura.common.") }
        #expect(!planner.isEmpty && planner.allSatisfy { $0.contains("/aura.personal.") }, "\(dashboard)")
        #expect(Set(landing).isDisjoint(with: planner), "the landing page loads \(landing)")
        let landingScripts = try landing.filter { $0.hasSuffix(".js") }.map {
            try Self.text(files, String($0.dropFirst()))
        }.joined()
        for planned in ["Aura.tasks", "Aura.wallClock", "Aura.focusAction", "data-week"] {
            #expect(!landingScripts.contains(planned), "the landing page's scripts hold \(planned)")
        }
    }

    @Test func everyPageLinksOnlyToAssetsThatExist() async throws {
        let files = try snapshot(try await buildDefaultSite())
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 20)
        var used: Set<String> = []
        for page in pages {
            let assets = Self.assets(of: try Self.text(files, page))
            #expect(assets.filter { $0.hasSuffix(".css") }.count == 2, "\(page): \(assets)")
            for asset in assets {
                #expect(
                    asset.firstMatch(of: /^\/assets\/[a-z0-9.-]+\.[0-9a-f]{10}\.(css|js)$/) != nil,
                    "\(page) links \(asset)")
                #expect(files[String(asset.dropFirst())] != nil, "\(page) links \(asset), which is not in the site")
                used.insert(String(asset.dropFirst()))
            }
        }
        let bundles = Set(files.keys.filter { $0.hasPrefix("assets/aura.") })
        // Every bundle but the sign-in page's (served by `aura serve` alone) is linked from a page.
        #expect(
            bundles.subtracting(used).allSatisfy { $0.hasPrefix("assets/aura.sign-in.") },
            "\(bundles.subtracting(used))")
    }

    @Test func theWorkerPrecachesWhatItsPagesLoad() async throws {
        let files = try snapshot(try await buildDefaultSite())
        let precache = try AppShellTests.precache(try Self.text(files, "sw.js"))
        for page in ["index.html", "offline/index.html", "dashboard/index.html", "week/index.html", "focus/index.html"]
        {
            for asset in Self.assets(of: try Self.text(files, page)) {
                #expect(precache.contains(asset), "\(page) loads \(asset), which is not precached")
            }
        }
        #expect(!precache.contains { $0.contains("/aura.culture.") || $0.contains("/aura.design.") }, "\(precache)")
    }

    @Test func bundlesAreMinifiedAndTheSameForTheSameInput() async throws {
        let first = try snapshot(try await buildDefaultSite())
        let second = try snapshot(try await buildDefaultSite())
        let bundles = first.keys.filter { $0.hasPrefix("assets/") && ($0.hasSuffix(".js") || $0.hasSuffix(".css")) }
        #expect(bundles.count >= 8)
        for path in bundles {
            #expect(first[path] == second[path], "\(path) differs between two builds")
            let text = try Self.text(first, path)
            #expect(!text.contains("\n  ") && !text.contains("\n\n"), "\(path) keeps indentation or blank lines")
            #expect(!text.contains("/* "), "\(path) keeps a comment")
        }
    }
}
