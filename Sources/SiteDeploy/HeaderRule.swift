import Glibc
import SiteEngine

/// A `site.yml` rule that sets the headers of the files whose path matches a glob, as
/// `hugo deploy`'s matchers do. The first rule that matches a file decides; a header it leaves
/// out keeps the default.
package struct HeaderRule: Sendable, Equatable {
    /// A shell glob over the path under the site root (`*.html`, `feeds/*`); `*` also matches `/`.
    package let pattern: String
    package let cacheControl: String?
    package let contentType: String?

    package init(pattern: String, cacheControl: String? = nil, contentType: String? = nil) {
        self.pattern = pattern
        self.cacheControl = cacheControl
        self.contentType = contentType
    }

    /// Whether the rule applies to `path` (fnmatch(3), without FNM_PATHNAME).
    package func matches(_ path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0
    }

    /// The `Content-Type` and `Cache-Control` of `path` under `rules`.
    package static func headers(of path: String, under rules: [HeaderRule]) -> (
        contentType: String, cacheControl: String
    ) {
        let rule = rules.first { $0.matches(path) }
        return (
            rule?.contentType ?? PublishedFile.contentType(of: path),
            rule?.cacheControl ?? PublishedFile.caching(path)
        )
    }
}
