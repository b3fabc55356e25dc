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
        -- Templates/tokens.yml --
        colors:
          - {name: background, use: Ground, light: "#F5F5F7", dark: "#000000"}
          - {name: surface, use: Cards, light: "#FFFFFF", dark: "#1C1C1E"}
          - {name: text, use: Text, light: "#1C1C1E", dark: "#F5F5F7"}
          - {name: primary, use: Lines, light: "#D1D1D6", dark: "#3A3A3C"}
          - {name: accent, use: Accent, light: "#FF3B30", dark: "#FF453A"}
          - {name: muted, use: Muted, light: "#8E8E93", dark: "#8E8E93"}
          - {name: text-muted, use: Muted text, light: "#6E6E73", dark: "#A1A1A6"}
          - {name: text-accent, use: Accent text, light: "#D70015", dark: "#FF6961"}
        type:
          base_px: 16
          ratio: 1.414
          steps: [0, 1]
          line_height_body: 1.55
          line_height_heading: 1.1
          families: {heading: system-ui, body: system-ui, mono: monospace}
          heading_weight: 300
        radii: {sm: 8}
        spacing: {sm: 16}
        motion: {duration_quick: 180ms}
        layout: {measure: 38rem}
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
