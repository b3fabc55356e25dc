import AuraHTTP
import AuraSite
import Foundation
import SiteEngine

/// Serves the files of a site built in memory: only a file the site holds, never a path that
/// could name another (`..`, encoded slashes, dots or NUL, hidden files), with validators for
/// `304 Not Modified` and caching that suits each kind of file.
struct StaticFiles: Sendable {
    let site: ServedSite
    /// The site's path prefix (`/` or `/aura/`).
    let root: String

    /// What a request path names in the site.
    enum Lookup: Equatable {
        /// A file, by its path under the site root (`culture/index.html`).
        case file(String)
        /// A folder asked for without its trailing slash.
        case folder(redirect: String)
        case notFound
    }

    func lookup(_ rawPath: String) throws -> Lookup {
        let lowered = rawPath.lowercased()
        guard rawPath.hasPrefix(root) || rawPath + "/" == root, !rawPath.contains("\\"),
            !["%2f", "%5c", "%00", "%2e"].contains(where: lowered.contains),
            let path = rawPath.removingPercentEncoding, !path.contains("\0")
        else { return .notFound }
        let segments = path.dropFirst(min(root.count, path.count)).split(
            separator: "/", omittingEmptySubsequences: true)
        // Hidden files (the build record, a kept .git/) are not the site; .well-known/ is.
        guard !segments.contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) else { return .notFound }
        let relative = segments.joined(separator: "/")
        if site.isFolder(relative) || relative.isEmpty {
            guard path.hasSuffix("/") else {
                // Made from the segments, not echoed: `//culture/` is another host to a browser.
                let rawSegments = rawPath.dropFirst(min(root.count, rawPath.count)).split(separator: "/")
                return .folder(redirect: root + rawSegments.joined(separator: "/") + (relative.isEmpty ? "" : "/"))
            }
            let index = relative.isEmpty ? "index.html" : relative + "/index.html"
            return try site.file(at: index) == nil ? .notFound : .file(index)
        }
        return try site.file(at: relative) == nil ? .notFound : .file(relative)
    }

    /// The response for a file: its bytes (none for HEAD), type, validator and caching.
    func response(for path: String, ifNoneMatch: String?, personal: Bool) throws -> HTTPResponse {
        guard let file = try site.file(at: path) else { return .text(404, "Not found") }
        let tag = "\"" + file.digest + "\""
        var headers: [(name: String, value: String)] = [
            ("ETag", tag), ("Cache-Control", Self.caching(path, personal: personal))
        ]
        if let ifNoneMatch, Self.matches(ifNoneMatch, tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.insert(("Content-Type", PublishedFile.contentType(of: path)), at: 0)
        return HTTPResponse(status: 200, headers: headers, body: file.data)
    }

    /// Whether an `If-None-Match` header names `tag`.
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == tag }
    }

    /// Fingerprinted assets never change under their name; everything else is revalidated,
    /// and personal pages are never stored.
    static func caching(_ path: String, personal: Bool) -> String {
        personal ? "no-store" : PublishedFile.caching(path)
    }
}
