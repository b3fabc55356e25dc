import Mustache

/// One output page: which template renders it, with what, and where it goes.
struct Page: Sendable {
    /// The public path, such as `/design/`.
    let path: String
    let outputFile: String
    let template: String
    let context: MustacheValue
    let inSitemap: Bool
    /// Kept out of search engines, and precached by the service worker for offline use.
    let isPersonal: Bool
    /// The stylesheets and scripts it loads.
    var assetPaths: [String] = []
}
