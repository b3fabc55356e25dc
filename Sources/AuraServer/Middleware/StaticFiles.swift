import AuraHTTP
import Foundation

/// Serves the built site's files: only regular files inside the output folder, never a path
/// that could leave it (`..`, encoded slashes, dots or NUL, hidden files, links out), with
/// validators for `304 Not Modified` and caching that suits each kind of file.
struct StaticFiles: Sendable {
    let root: URL

    /// What a request path names in the output folder.
    enum Lookup: Equatable {
        case file(URL)
        /// A folder asked for without its trailing slash.
        case folder(redirect: String)
        case notFound
    }

    func lookup(_ rawPath: String) -> Lookup {
        let lowered = rawPath.lowercased()
        guard rawPath.hasPrefix("/"), !rawPath.contains("\\"),
            !["%2f", "%5c", "%00", "%2e"].contains(where: lowered.contains),
            let path = rawPath.removingPercentEncoding, !path.contains("\0")
        else { return .notFound }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        // Hidden files (.aura-output, a kept .git/) are not the site; .well-known/ is.
        guard !segments.contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) else { return .notFound }
        let base = root.resolvingSymlinksInPath().path
        var candidate = segments.isEmpty ? root : root.appendingPathComponent(segments.joined(separator: "/"))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) else { return .notFound }
        if isFolder.boolValue {
            guard path.hasSuffix("/") else { return .folder(redirect: rawPath + "/") }
            candidate.appendPathComponent("index.html")
        }
        let resolved = candidate.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base + "/"),
            (try? FileManager.default.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType) == .typeRegular
        else {
            return .notFound
        }
        return .file(URL(fileURLWithPath: resolved))
    }

    /// The response for a file: its bytes (none for HEAD), type, validator and caching.
    func response(for file: URL, ifNoneMatch: String?, personal: Bool) -> HTTPResponse {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date,
            let data = FileManager.default.contents(atPath: file.path)
        else {
            return .text(404, "Not found")
        }
        let tag =
            "\"\(String(size, radix: 16))-\(String(Int64(modified.timeIntervalSince1970 * 1_000_000), radix: 16))\""
        var headers: [(name: String, value: String)] = [
            ("ETag", tag), ("Cache-Control", Self.caching(file.path, personal: personal))
        ]
        if let ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag })
        {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.insert(("Content-Type", Self.contentType(of: file.pathExtension)), at: 0)
        return HTTPResponse(status: 200, headers: headers, body: data)
    }

    /// Fingerprinted assets never change under their name; everything else is revalidated,
    /// and personal pages are never stored.
    static func caching(_ path: String, personal: Bool) -> String {
        if personal { return "no-store" }
        if path.range(of: #"\.[0-9a-f]{10}\.[a-z0-9]+$"#, options: .regularExpression) != nil {
            return "public, max-age=31536000, immutable"
        }
        return "no-cache"
    }

    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "xml": "application/xml; charset=utf-8"
        case "txt", "md": "text/plain; charset=utf-8"
        case "ics": "text/calendar; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}
