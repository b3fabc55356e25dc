import Foundation
import Glibc

/// The address of a calendar a person gave (`https://…/basic.ics`, or `webcal://…`, read as
/// https), checked before anything is fetched: its host must be on the owner's list
/// (`accounts: calendar_hosts` in `site.yml`), and it must resolve to public addresses only, so a
/// person can never make the server reach into its own network. A host on the owner's list of
/// local calendar servers (`accounts: calendar_local_hosts`) is vouched for: any address, and
/// plain http too.
struct CalendarAddress: Sendable, Equatable {
    let url: URL
    let host: String
    let port: Int
    let vouched: Bool

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    init(_ text: String, allowedHosts: [String], localHosts: [String]) throws(Refused) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= 2000, var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            let host = parts.host?.lowercased(), !host.isEmpty
        else {
            throw Refused(
                description: "'\(text.prefix(200))' is not an address; expected one such as https://…/basic.ics")
        }
        let vouched = localHosts.contains(host)
        guard vouched || allowedHosts.contains(where: { HostPattern.matches($0, host) }) else {
            throw Refused(
                description:
                    "Calendars are fetched only from \((allowedHosts + localHosts).joined(separator: ", ")); \(host) is not one of them. The site's owner can add it (accounts: calendar_hosts in site.yml)."
            )
        }
        parts.scheme = scheme == "webcal" ? "https" : scheme
        guard parts.scheme == "https" || (vouched && parts.scheme == "http") else {
            throw Refused(description: "Only https addresses are fetched; \(scheme): is not.")
        }
        guard parts.user == nil, parts.password == nil, let url = parts.url else {
            throw Refused(description: "An address with a user name or password in it is not fetched.")
        }
        self.url = url
        self.host = host
        self.port = parts.port ?? (parts.scheme == "https" ? 443 : 80)
        self.vouched = vouched
    }

    /// The host's addresses, as text, when every one of them is public; a name that resolves to
    /// a private, loopback, link-local or otherwise special address is refused.
    func publicAddresses() throws(Refused) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw Refused(description: "\(host) could not be found.")
        }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                let bytes: [UInt8]
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { socket in
                        withUnsafeBytes(of: socket.pointee.sin_addr) { Array($0) }
                    }
                case AF_INET6:
                    bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { socket in
                        withUnsafeBytes(of: socket.pointee.sin6_addr) { Array($0) }
                    }
                default:
                    bytes = []
                }
                if !bytes.isEmpty {
                    guard Self.isPublic(bytes) else {
                        throw Refused(description: "\(host) is not a public address; it is not fetched.")
                    }
                    addresses.append(Self.text(bytes))
                }
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw Refused(description: "\(host) could not be found.") }
        return Array(Set(addresses)).sorted()
    }

    /// Whether an IPv4 (4 bytes) or IPv6 (16 bytes) address is one anyone on the internet reaches.
    static func isPublic(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 16 {
            let prefix = Array(bytes[0..<12])
            // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) are the IPv4 address's.
            if prefix == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
                || prefix == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
            {
                return isPublic(Array(bytes[12..<16]))
            }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
            if bytes[0] & 0xFE == 0xFC { return false }  // unique local fc00::/7
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false }  // link-local fe80::/10
            if bytes[0] == 0xFF { return false }  // multicast
            if bytes[0..<4] == [0x20, 0x01, 0x0D, 0xB8] { return false }  // documentation
            return true
        }
        guard bytes.count == 4 else { return false }
        let (a, b) = (bytes[0], bytes[1])
        return
            !(a == 0 || a == 10 || a == 127 || a >= 224
            || (a == 100 && (64...127).contains(b)) || (a == 169 && b == 254) || (a == 172 && (16...31).contains(b))
            || (a == 192 && b == 168) || (a == 192 && b == 0 && bytes[2] == 0) || (a == 198 && (b == 18 || b == 19)))
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        let address = String(cString: buffer)
        return bytes.count == 4 ? address : "[\(address)]"
    }
}
