import SiteEngineTestSupport

extension SiteFixture {
    /// The smallest site that builds: settings, landing copy, every colour the tokens require,
    /// the icon, and a one-line template per page and site file, all through one layout.
    public static let minimal = """
        -- Content/site.yml --
        title: Mini
        base_url: https://mini.example/
        -- Content/landing.md --
        ---
        title: Mini
        description: A small site.
        hero: {headline: Hello, lead: A lead.}
        sections: []
        ---
        Closing words.
        \(MinimalTheme.tokensFile)
        -- Templates/assets/icons/aura.svg --
        <svg xmlns="http://www.w3.org/2000/svg"/>
        -- Templates/layouts/base.mustache --
        <title>{{page.title}}</title>{{#assets.stylesheets}}<link rel="stylesheet" href="{{.}}">{{/assets.stylesheets}}{{$main}}{{/main}}
        -- Templates/pages/landing.mustache --
        {{<layouts/base}}{{$main}}<h1>{{landing.hero.headline}}</h1>{{/main}}{{/layouts/base}}
        -- Templates/pages/design.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/offline.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/404.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/culture-list.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/culture-entry.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/dashboard.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/planner.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/pages/reflections.mustache --
        {{<layouts/base}}{{/layouts/base}}
        -- Templates/site/sitemap.xml.mustache --
        {{#urls}}{{.}} {{/urls}}
        -- Templates/site/robots.txt.mustache --
        Sitemap: {{sitemapURL}}
        -- Templates/site/culture-feed.xml.mustache --
        feed
        -- Templates/site/sw.js.mustache --
        var VERSION = "{{version}}";
        """

    /// A culture entry that passes every check, as `Content/culture/<file>.md`; `fields` are
    /// more front matter lines, first.
    public static func cultureEntry(
        _ file: String, title: String, kind: String = "literature", tags: String = "[Read Script]",
        fields: String = ""
    ) -> String {
        """
        -- Content/culture/\(file).md --
        ---
        \(fields)title: "\(title)"
        creator: "A. Writer"
        kind: \(kind)
        region: East Asia
        country: Japan
        year: 1914
        tags: \(tags)
        energy: medium
        length: "250 pages"
        summary: "A short summary."
        published: 2026-10-24
        ---
        Why it is worth an evening.
        """
    }
}
