import Diagnostics
import Foundation
import SiteEngine

/// The landing page's copy from `Content/landing.md`: the hero, the feature sections and
/// a closing statement (the Markdown body).
struct LandingContent: Sendable, Encodable {
    struct Link: Sendable, Encodable {
        let label: String
        let url: String
    }

    struct Hero: Sendable, Encodable {
        let eyebrow: String
        let headline: String
        let lead: String
        let action: Link?
        let note: String?
    }

    struct Section: Sendable, Encodable {
        let id: String
        let kicker: String
        let title: String
        let html: String
        let link: Link?
    }

    let title: String
    let description: String
    let hero: Hero
    let sections: [Section]
    let closingHTML: String

    static let fileName = "landing.md"

    /// Reads `landing.md` from `contentDirectory`; `root` prefixes site-relative links.
    static func load(contentDirectory: URL, root: String, in fileSystem: FileSystem) throws -> LandingContent {
        let url = contentDirectory.appendingPathComponent(fileName)
        return try parse(try ContentFile.read(url, in: fileSystem), file: displayPath(url), root: root)
    }

    /// Parses the text of a landing file.
    static func parse(_ text: String, file: String, root: String) throws(SourceError) -> LandingContent {
        let document = try FrontMatterDocument(text: text, file: file)
        let fields = document.fields
        try fields.rejectUnknownKeys(allowed: ["title", "description", "hero", "sections"])
        let hero = try fields.mapping("hero", required: true)!
        try hero.rejectUnknownKeys(allowed: ["eyebrow", "headline", "lead", "action", "note"])
        var sections: [Section] = []
        for section in try fields.mappings("sections", required: true)! {
            try section.rejectUnknownKeys(allowed: ["id", "kicker", "title", "text", "link"])
            sections.append(
                Section(
                    id: try section.requiredString("id"),
                    kicker: try section.string("kicker") ?? "",
                    title: try section.requiredString("title"),
                    html: Markdown.html(try section.requiredString("text")),
                    link: try link(section, "link", root: root)))
        }
        return LandingContent(
            title: try fields.requiredString("title"),
            description: try fields.requiredString("description"),
            hero: Hero(
                eyebrow: try hero.string("eyebrow") ?? "",
                headline: try hero.requiredString("headline"),
                lead: try hero.requiredString("lead"),
                action: try link(hero, "action", root: root),
                note: try hero.string("note")),
            sections: sections,
            closingHTML: Markdown.html(document.body))
    }

    private static func link(_ fields: YAMLFields, _ key: String, root: String) throws(SourceError) -> Link? {
        guard let link = try fields.mapping(key) else { return nil }
        try link.rejectUnknownKeys(allowed: ["label", "url"])
        let url = try link.requiredString("url")
        do {
            try LinkURL.check(url)
        } catch {
            throw link.error(error.message, at: link.node["url"]!)
        }
        return Link(label: try link.requiredString("label"), url: SitePath.resolve(url, root: root))
    }
}

/// Site-relative paths under a base URL that may have a path of its own (`https://x.org/aura/`).
enum SitePath {
    /// `/design/` under root `/aura/` becomes `/aura/design/`; absolute URLs and fragments are unchanged.
    static func resolve(_ path: String, root: String) -> String {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
        return root + String(path.utf8.dropFirst())!
    }
}
