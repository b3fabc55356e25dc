import AuraTestSupport
import Foundation
import Testing

@testable import AuraSite

/// Culture lists split into pages of `culture: page_size:`, and feeds keep the newest
/// `culture: feed_size:` entries.
struct CulturePaginationTests {
    private static let site =
        SiteFixture.minimal + "\n"
        + ["a", "b", "c", "d", "e"].map { SiteFixture.cultureEntry($0, title: $0.uppercased()) }.joined(separator: "\n")
            + """

            -- Content/site.yml --
            title: Mini
            base_url: https://mini.example/
            culture: {page_size: 2, feed_size: 2}
            -- Templates/pages/culture-list.mustache --
            {{#culture.entries}}{{title}} {{/culture.entries}}|{{#culture.pagination}}{{current}}/{{count}} prev={{previousURL}} next={{nextURL}} {{#numbers}}{{#isGap}}…{{/isGap}}{{^isGap}}{{number}}{{/isGap}}{{/numbers}}{{/culture.pagination}}
            """

    @Test func listsSplitIntoPagesLinkedBothWays() async throws {
        let output = try await SiteFixture(Self.site).build()
        #expect(output["culture/index.html"] == "A B |1/3 prev= next=/culture/page/2/ 123\n")
        #expect(output["culture/page/2/index.html"] == "C D |2/3 prev=/culture/ next=/culture/page/3/ 123\n")
        #expect(output["culture/page/3/index.html"] == "E |3/3 prev=/culture/page/2/ next= 123\n")
        #expect(output["culture/page/4/index.html"] == nil)
        #expect(
            output["culture/kinds/literature/page/3/index.html"]
                == "E |3/3 prev=/culture/kinds/literature/page/2/ next= 123\n")
        #expect(output["culture/tags/read-script/page/2/index.html"] != nil)
        // A list that fits on one page has no pagination.
        #expect(output["culture/tags/live-visit/index.html"] == "|\n")
        #expect(output["sitemap.xml"]?.contains("https://mini.example/culture/page/3/") == true)
    }

    @Test func feedsKeepTheNewestEntries() async throws {
        let output = try await SiteFixture(Self.site).build()
        let feed =
            try JSONSerialization.jsonObject(with: Data(try #require(output["culture/feed.json"]).utf8))
            as? [String: Any]
        let items = try #require(feed?["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["A", "B"])
    }

    @Test func pageNumbersShowTheEndsAndTheNeighbours() throws {
        func shown(_ current: Int, _ count: Int) -> String? {
            CulturePagination(current: current, count: count) { "/\($0)/" }?.numbers
                .map { $0.isGap ? "…" : "\($0.number)" }.joined(separator: " ")
        }
        #expect(shown(1, 1) == nil)
        #expect(shown(1, 10) == "1 2 3 … 10")
        #expect(shown(5, 10) == "1 2 3 4 5 6 7 … 10")
        #expect(shown(100, 200) == "1 … 98 99 100 101 102 … 200")
        #expect(shown(200, 200) == "1 … 198 199 200")
    }

    @Test func aPageSizeBelowOneIsRefusedWhereItStands() async {
        let problems = await SiteFixture(
            SiteFixture.minimal,
            """
            -- Content/site.yml --
            title: Mini
            base_url: https://mini.example/
            culture:
              page_size: 0
            """
        ).check()
        #expect(
            problems.contains { $0.contains("Content/site.yml:4:14: 'page_size' is 0; expected 1 or more") },
            "\(problems)")
    }
}
