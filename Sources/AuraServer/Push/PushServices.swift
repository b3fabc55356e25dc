import Foundation

/// The push services the server may POST to, so that a subscription can never make it a proxy
/// into another network: by default the browsers' own services over https (Chrome's FCM,
/// Firefox's autopush, Safari's Apple push, Edge's WNS); `aura serve --push-service PREFIX`
/// adds more. An endpoint is matched on its parsed parts — scheme, host, port and a path prefix
/// ending at a `/` — never as a string prefix.
public struct PushServices: Sendable, Equatable {
    struct Service: Sendable, Equatable, CustomStringConvertible {
        let scheme: String
        /// A host, or `*.` and a domain for any host under it.
        let host: String
        let port: Int
        /// Ends with `/`.
        let path: String

        var description: String {
            let defaultPort = scheme == "https" ? 443 : 80
            return "\(scheme)://\(host)\(port == defaultPort ? "" : ":\(port)")\(path)"
        }

        func allows(_ endpoint: URLComponents) -> Bool {
            guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased() else {
                return false
            }
            let port = endpoint.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return scheme == self.scheme && HostPattern.matches(self.host, host) && port == self.port
                && endpoint.percentEncodedPath.hasPrefix(path)
        }
    }

    let services: [Service]

    static let browsers: [Service] = [
        Service(scheme: "https", host: "fcm.googleapis.com", port: 443, path: "/"),
        Service(scheme: "https", host: "updates.push.services.mozilla.com", port: 443, path: "/"),
        Service(scheme: "https", host: "*.push.apple.com", port: 443, path: "/"),
        Service(scheme: "https", host: "*.notify.windows.com", port: 443, path: "/")
    ]

    public struct BadPrefix: Error, CustomStringConvertible {
        public let description: String
    }

    /// The browsers' services and `prefixes` (`http(s)://host[:port]/path/`).
    init(adding prefixes: [String] = []) throws(BadPrefix) {
        var services = Self.browsers
        for prefix in prefixes {
            guard let parts = URLComponents(string: prefix), let scheme = parts.scheme?.lowercased(),
                ["http", "https"].contains(scheme), let host = parts.host?.lowercased(), !host.isEmpty,
                parts.user == nil, parts.query == nil, parts.fragment == nil
            else {
                throw BadPrefix(
                    description: "'\(prefix)' is not a push service; expected one such as https://push.example.org/")
            }
            let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
            services.append(
                Service(
                    scheme: scheme, host: host, port: parts.port ?? (scheme == "https" ? 443 : 80),
                    path: path.hasSuffix("/") ? path : path + "/"))
        }
        self.services = services
    }

    /// Checks `prefixes` as `--push-service` values; throws what is wrong with the first bad one.
    public static func check(_ prefixes: [String]) throws(BadPrefix) {
        _ = try PushServices(adding: prefixes)
    }

    /// Whether the server may POST to `endpoint`: a path that a client library would read
    /// otherwise than it is written (a `.` or `..` segment, plain or percent-encoded, an encoded
    /// slash, a backslash) or an encoded host never is, whatever prefix it starts with.
    func allows(_ endpoint: String) -> Bool {
        guard endpoint.count <= 2000, let parts = URLComponents(string: endpoint), parts.user == nil,
            parts.password == nil, parts.percentEncodedHost?.contains("%") != true,
            !parts.percentEncodedPath.contains("\\"),
            parts.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({
                guard let segment = $0.removingPercentEncoding else { return false }
                return segment != "." && segment != ".." && !segment.contains("/") && !segment.contains("\\")
            })
        else { return false }
        return services.contains { $0.allows(parts) }
    }
}
