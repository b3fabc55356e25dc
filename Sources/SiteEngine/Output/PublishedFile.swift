/// How a file of a built site is served, wherever it is served from: its media type by
/// extension and its caching. `aura serve` and `aura deploy` both answer with these.
package enum PublishedFile {
    /// Fingerprinted assets never change under their name and may be cached for a year.
    package static let immutable = "public, max-age=31536000, immutable"
    /// Everything else is revalidated on every use.
    package static let revalidated = "no-cache"

    /// Whether `path` names a fingerprinted file (`site.0123456789.css`): ten hex digits of its
    /// content's digest before the extension.
    package static func isFingerprinted(_ path: String) -> Bool {
        path.range(of: #"\.[0-9a-f]{10}\.[a-z0-9]+$"#, options: .regularExpression) != nil
    }

    /// The `Cache-Control` a file gets unless the site's settings say otherwise.
    package static func caching(_ path: String) -> String {
        isFingerprinted(path) ? immutable : revalidated
    }

    /// The `Content-Type` for a path, by its extension.
    package static func contentType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let pathExtension = name.contains(".") ? name.split(separator: ".").last.map(String.init) ?? "" : ""
        return switch pathExtension.lowercased() {
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
