/// A host as the owner writes it in a list of allowed hosts: a name, or `*.` and a domain for
/// any name under it (never the domain itself). Calendar hosts and push services match this way.
enum HostPattern {
    static func matches(_ pattern: String, _ host: String) -> Bool {
        pattern.hasPrefix("*.") ? host.hasSuffix(pattern.dropFirst()) : host == pattern
    }
}
