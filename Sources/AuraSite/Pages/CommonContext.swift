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
    /// The signed-in person, on pages `aura serve` renders for them; nil in the static build.
    var session: SessionContext? = nil
}
