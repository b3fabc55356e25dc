import AuraTestSupport
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// The documentation section: a content folder's `docs/` of plain Markdown, built in memory.
struct DocsSectionTests {
    private static let theme = """
        -- Templates/pages/docs.mustache --
        {{#nav}}({{title}}){{/nav}}
        {{#docs.groups}}<{{title}}>{{#items}}[{{title}}|{{url}}|{{current}}]{{/items}}{{/docs.groups}}
        <h1>{{page.title}}</h1>{{{docs.bodyHTML}}}
        """

    private static let documents = """
        -- Content/docs/README.md --
        # The manual

        Start with [serving](guide/serve.md#at-home), then [the reference](reference/).
        -- Content/docs/guide/serve.md --
        # Serving

        ## At home
        See [the index](../README.md) and [fields](../reference/index.md#siteyml).
        ## At home
        ```yaml
        docs: yes
        ```
        -- Content/docs/reference/index.md --
        # Reference

        ## `site.yml`

        | key | meaning |
        |-----|---------|
        | a   | b       |
        -- Content/docs/guide/aaa-first-by-name.md --
        No heading here; [away](https://example.org/) and [top](#top).
        """

    @Test func everyDocumentIsAPageWithItsLinksLeadingToPages() async throws {
        let output = try await SiteFixture(SiteFixture.minimal, Self.theme, Self.documents).build()
        let index = try #require(output["docs/index.html"])
        #expect(index.contains("(Culture)(Design)(Docs)"), "\(index)")
        #expect(index.contains("<h1>The manual</h1>") && !index.contains("<h1>The manual</h1>\n<h1"))
        #expect(index.contains(#"<a href="/docs/guide/serve/#at-home">serving</a>"#), "\(index)")
        #expect(index.contains(#"<a href="/docs/reference/">the reference</a>"#), "\(index)")
        // The index first, then what it links to in its order, then the rest by file name.
        #expect(
            index.contains(
                "<>[The manual|/docs/|page]<Guide>[Serving|/docs/guide/serve/|]"
                    + "[aaa-first-by-name|/docs/guide/aaa-first-by-name/|]<Reference>[Reference|/docs/reference/|]"),
            "\(index)")

        let serve = try #require(output["docs/guide/serve/index.html"])
        #expect(serve.contains(#"<h2 id="at-home">At home</h2>"#) && serve.contains(#"<h2 id="at-home-1">"#))
        #expect(serve.contains(#"<a href="/docs/">the index</a>"#), "\(serve)")
        #expect(serve.contains(#"<a href="/docs/reference/#siteyml">fields</a>"#), "\(serve)")
        #expect(serve.contains(#"<pre tabindex="0"><code class="language-yaml">"#), "\(serve)")
        #expect(serve.contains("[Serving|/docs/guide/serve/|page]"))

        let reference = try #require(output["docs/reference/index.html"])
        // As GitHub makes them: the dot is left out.
        #expect(reference.contains(#"<h2 id="siteyml"><code>site.yml</code></h2>"#), "\(reference)")
        #expect(reference.contains(#"<table tabindex="0">"#))
        let untitled = try #require(output["docs/guide/aaa-first-by-name/index.html"])
        #expect(untitled.contains(#"<a href="https://example.org/">away</a>"#) && untitled.contains(##"href="#top""##))
        #expect(try #require(output["sitemap.xml"]).contains("/docs/guide/serve/"))
    }

    @Test func everyLinkThatLeadsToNoDocumentOrHeadingFailsTheBuildWhereItIs() async {
        let error = await SiteFixture(
            SiteFixture.minimal, Self.theme, Self.documents,
            """
            -- Content/docs/guide/broken.md --
            # Broken

            Text, then a [screenshot](../screenshots/week.png)
            and [a typo](serv.md), [no such heading](serve.md#away).
            """
        ).buildError()
        let problems = (error ?? "built").split(separator: "\n").map(String.init)
        #expect(
            problems.prefix(3) == [
                "Content/docs/guide/broken.md:3:14: the link '../screenshots/week.png' leads to no document in the docs folder",
                "Content/docs/guide/broken.md:4:5: the link 'serv.md' leads to no document in the docs folder",
                "Content/docs/guide/broken.md:4:24: the link 'serve.md#away' leads to no heading of that document ('#away')"
            ], "\(problems)")
    }

    @Test func aSiteWithoutDocsHasNoSectionAndNoEntry() async throws {
        let output = try await SiteFixture(
            SiteFixture.minimal, Self.theme,
            """
            -- Templates/pages/design.mustache --
            {{#nav}}({{title}}){{/nav}}
            """
        ).build()
        #expect(!output.keys.contains { $0.hasPrefix("docs/") })
        #expect(try #require(output["design/index.html"]).contains("(Culture)(Design)") == true)
        #expect(output["design/index.html"]?.contains("(Docs)") == false)
    }
}
