import AuraTestSupport
import Foundation
import Testing

/// The culture section as an editor and a feed reader meet it.
@Suite(.serialized) struct CultureSiteTests {
    /// A copy of the default content an editor can change.
    func editableContent() throws -> URL {
        let content = try temporaryFolder().appendingPathComponent("Content")
        try Project.copyContent(to: content)
        return content
    }

    func build(_ content: URL) async throws -> URL {
        let output = content.deletingLastPathComponent().appendingPathComponent("Public")
        let result = await aura([
            "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path,
            "--quiet"
        ])
        #expect(result.status == 0, "\(result.err)")
        return output
    }

    @Test func defaultContentMeetsTheBrief() throws {
        let folder = Project.content.appendingPathComponent("culture")
        let texts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.count >= 40)
        func values(_ key: String) -> [String] {
            texts.compactMap { text in
                text.split(separator: "\n").first { $0.hasPrefix("\(key): ") }.map {
                    String($0.dropFirst(key.count + 2))
                }
            }
        }
        #expect(Set(values("region")).count >= 6)
        for kind in ["literature", "theatre", "drama"] { #expect(values("kind").contains(kind)) }
        let tags = values("tags").joined(separator: ",")
        for tag in ["Live Visit", "Read Script", "Digital Stage"] {
            #expect(tags.components(separatedBy: tag).count - 1 >= 8, "\(tag) used fewer than eight times")
        }
    }

    @Test func newEntryIsPublishedOnItsTagPagesAndInBothFeeds() async throws {
        let content = try editableContent()
        let created = await aura(["new", "culture", "The Cherry Orchard", "--content", content.path])
        #expect(created.status == 0, "\(created.err)")
        #expect(created.out.contains("the-cherry-orchard.md"))
        let again = await aura(["new", "culture", "The Cherry Orchard", "--content", content.path])
        #expect(again.status == 1)
        #expect(again.err.contains("already exists"))
        let file = content.appendingPathComponent("culture/the-cherry-orchard.md")
        let check = await aura(["check", "--content", content.path, "--templates", Project.templates.path])
        #expect(
            check.status == 1
                && check.err.contains("the-cherry-orchard.md:4:10: 'Creator's name' is still the placeholder"))
        try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "Creator's name", with: "Anton Chekhov")
            .replacingOccurrences(of: "\"Country\"", with: "\"Russia\"")
            .replacingOccurrences(of: "One line saying what it is.", with: "An estate sold, and a way of life with it.")
            .replacingOccurrences(
                of: "Two or three short paragraphs", with: "A comedy that ends in the sound of an axe"
            )
            .write(to: file, atomically: true, encoding: .utf8)

        let output = try await build(content)
        let entryPage = try String(
            contentsOf: output.appendingPathComponent("culture/the-cherry-orchard/index.html"), encoding: .utf8)
        #expect(entryPage.contains("The Cherry Orchard"))
        let tagPage = try String(
            contentsOf: output.appendingPathComponent("culture/tags/read-script/index.html"), encoding: .utf8)
        #expect(tagPage.contains("/culture/the-cherry-orchard/"))
        let kindPage = try String(
            contentsOf: output.appendingPathComponent("culture/kinds/drama/index.html"), encoding: .utf8)
        #expect(kindPage.contains("/culture/the-cherry-orchard/"))
        for feed in ["feed.xml", "feed.json"] {
            let text = try String(contentsOf: output.appendingPathComponent("culture/\(feed)"), encoding: .utf8)
            #expect(text.contains("https://aura.example/culture/the-cherry-orchard/"), "\(feed)")
        }
    }

    /// The culture pages are public: nothing on them comes from the day planned (the evening's
    /// energy and picks are on the person's dashboard), so a plan changes none of their content
    /// (the site's navigation links to the schedule once there is one).
    @Test func theCulturePagesShowNothingOfTheDay() async throws {
        let content = try editableContent()
        let planned = try await build(content)
        let dashboard = try String(contentsOf: planned.appendingPathComponent("dashboard/index.html"), encoding: .utf8)
        #expect(dashboard.contains("id=\"tonight-title\"") && dashboard.contains("class=\"pick__why\""))
        let pages = ["culture/index.html", "culture/tags/read-script/index.html", "culture/kinds/drama/index.html"]
        func main(_ output: URL, _ page: String) throws -> Substring {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let start = try #require(html.range(of: "<main")).lowerBound
            return html[start..<(try #require(html.range(of: "</main>")).upperBound)]
        }
        let withPlan = try pages.map { try main(planned, $0) }
        try FileManager.default.removeItem(at: content.appendingPathComponent("planner/plan.json"))
        let unplanned = try await build(content)
        #expect(try pages.map { try main(unplanned, $0) } == withPlan)
        #expect(!withPlan[0].contains("Tonight"))
    }

    @Test func checkPassesOnTheDefaultContent() async {
        let result = await aura(["check", "--content", Project.content.path, "--templates", Project.templates.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("Checked "))
    }

    @Test func feedsParseCleanlyInFeedparser() async throws {
        let output = try await buildDefaultSite()
        let count = try FileManager.default.contentsOfDirectory(
            atPath: Project.content.appendingPathComponent("culture").path
        )
        .filter { $0.hasSuffix(".md") }.count
        #expect(count > 50, "the default site should have more entries than a feed keeps")
        let script = """
            import feedparser, json, sys
            for name in ("feed.xml", "feed.json"):
                path = sys.argv[1] + "/culture/" + name
                if name.endswith(".json"):
                    feed = json.load(open(path))
                    entries = [(i["url"], i["date_published"]) for i in feed["items"]]
                    assert feed["version"] == "https://jsonfeed.org/version/1.1"
                    assert feed["feed_url"] == "https://aura.example/culture/feed.json"
                else:
                    parsed = feedparser.parse(path)
                    assert not parsed.bozo, parsed.get("bozo_exception")
                    assert parsed.version == "atom10", parsed.version
                    entries = [(e.link, e.published) for e in parsed.entries]
                assert len(entries) == int(sys.argv[2]), (name, len(entries))
                assert all(link.startswith("https://aura.example/culture/") for link, _ in entries)
                dates = [d for _, d in entries]
                assert dates == sorted(dates, reverse=True), name
            print("feeds ok")
            """
        // A feed keeps the newest 50 (site.yml `culture: feed_size:`, default 50).
        let result = try runProgram("python3", ["-c", script, output.path, String(min(count, 50))])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("feeds ok"))
    }

    @Test func feedsAreLinkedFromTheHead() async throws {
        let output = try await buildDefaultSite()
        let page = try String(contentsOf: output.appendingPathComponent("culture/index.html"), encoding: .utf8)
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\""))
        #expect(page.contains("<link rel=\"alternate\" type=\"application/feed+json\""))
    }
}
