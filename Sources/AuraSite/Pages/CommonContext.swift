import Mustache
import SiteEngine

/// What every template receives besides its page's own content.
struct CommonContext: Encodable, Sendable {
    struct Site: Encodable, Sendable {
        let title: String
        let description: String
        let language: String
        let baseURL: String
        let root: String
    }

    struct PageInfo: Encodable, Sendable {
        let title: String
        let description: String
        let path: String
        let canonicalURL: String
        let kind: String
        /// Personal pages ask search engines to stay away.
        let noindex: Bool
    }

    struct Assets: Encodable, Sendable {
        let stylesheets: [String]
        let scripts: [String]
        let icon: String
        let manifest: String
        let font: String?
        let appleTouchIcon: String?
        /// Scripts to load before the first paint, by name.
        let early: [String: String]
    }

    struct NavLink: Encodable, Sendable {
        let title: String
        let url: String
        /// The link's `aria-current`: `page` when it leads to this very page, `true` when this page
        /// lies in its section, nil elsewhere.
        let current: String?
    }

    let site: Site
    let page: PageInfo
    let assets: Assets
    let nav: [NavLink]
}

// Built directly rather than through `Encodable`: every page of a large site has one.
// `DirectViewModelTests` checks it against what the encoder makes.

extension CommonContext: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "site": site.mustacheValue, "page": page.mustacheValue, "assets": assets.mustacheValue,
            "nav": .array(nav)
        ])
    }
}

extension CommonContext.Site: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "title": .string(title), "description": .string(description), "language": .string(language),
            "baseURL": .string(baseURL), "root": .string(root)
        ])
    }
}

extension CommonContext.PageInfo: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "title": .string(title), "description": .string(description), "path": .string(path),
            "canonicalURL": .string(canonicalURL), "kind": .string(kind), "noindex": .bool(noindex)
        ])
    }
}

extension CommonContext.Assets: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary([
            "stylesheets": .array(stylesheets.map(MustacheValue.string)),
            "scripts": .array(scripts.map(MustacheValue.string)),
            "icon": .string(icon), "manifest": .string(manifest), "font": .string(font),
            "appleTouchIcon": .string(appleTouchIcon), "early": .dictionary(early.mapValues(MustacheValue.string))
        ])
    }
}

extension CommonContext.NavLink: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .dictionary(["title": .string(title), "url": .string(url), "current": .string(current)])
    }
}
