import Foundation

/// The reverse proxies whose word about a request's client is taken (`--trusted-proxy`): only
/// a request that came from one of them may say, in `X-Forwarded-For` or `Forwarded`, whom it
/// came from, and in `X-Forwarded-Proto` by which scheme. Anyone else's such headers are
/// ignored, so a client cannot pass itself off as another address.
public struct TrustedProxies: Sendable {
    /// An address block: its first bytes and how many bits of them count.
    struct Network: Sendable, Equatable {
        let bytes: [UInt8]
        let prefixLength: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var bits = prefixLength
            for (own, other) in zip(bytes, address) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                guard own & mask == other & mask else { return false }
                bits -= 8
            }
            return true
        }
    }

    /// Why a proxy's address is not one.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    let networks: [Network]

    /// No proxy: every request's peer is its client.
    public static let none = TrustedProxies(networks: [])

    private init(networks: [Network]) {
        self.networks = networks
    }

    /// The proxies `specs` name: addresses (`127.0.0.1`, `::1`) or blocks (`10.0.0.0/8`,
    /// `fd00::/8`).
    public init(_ specs: [String]) throws {
        networks = try specs.map { spec in
            let parts = spec.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = parts.first.flatMap(Self.bytes(of:)) else {
                throw Refusal(description: "'\(spec)' is not an IP address or a block such as 10.0.0.0/8")
            }
            let length = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let length, (0...bytes.count * 8).contains(length) else {
                throw Refusal(description: "'\(spec)' has a prefix length outside 0–\(bytes.count * 8)")
            }
            return Network(bytes: bytes, prefixLength: length)
        }
    }

    /// Whether `address` is one of the proxies.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return networks.contains { $0.contains(bytes) }
    }

    /// `request` as its client sent it: when it came from a trusted proxy, with the client's
    /// address (the right-most hop no trusted proxy added) and the scheme the proxy was reached
    /// by; any other request as it is.
    public func resolve(_ request: HTTPRequest) -> HTTPRequest {
        guard contains(request.clientAddress) else { return request }
        var resolved = request
        let hops = Self.forwardedHops(request)
        if let client = hops.reversed().first(where: { !contains($0) }) ?? hops.first {
            resolved.clientAddress = client
        }
        if let proto = request.header("X-Forwarded-Proto")?.split(separator: ",").last?
            .trimmingCharacters(in: .whitespaces).lowercased(), proto == "https" || proto == "http"
        {
            resolved.scheme = proto
        }
        return resolved
    }

    /// The addresses a request passed through, the client's first: from `X-Forwarded-For`, or
    /// else from `Forwarded`'s `for=` (RFC 7239). Hops that are not IP addresses (`unknown`,
    /// obfuscated names) are left out.
    static func forwardedHops(_ request: HTTPRequest) -> [String] {
        if let list = request.header("X-Forwarded-For") {
            return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { bytes(of: $0) != nil }
        }
        guard let forwarded = request.header("Forwarded") else { return [] }
        return forwarded.split(separator: ",").compactMap { element in
            element.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.lowercased().hasPrefix("for=") }
                .map { node in
                    // `for="[2001:db8::1]:4711"`, `for=192.0.2.1`, `for="192.0.2.1:80"`
                    var value = node.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
                        value = String(value[value.index(after: value.startIndex)..<close])
                    } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
                        value = String(value[..<colon])
                    }
                    return value
                }
        }.filter { bytes(of: $0) != nil }
    }

    /// The address's bytes (4 or 16), by `inet_pton`; nil when it is not an IP address.
    static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            // An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket reports it).
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return Array(bytes[12...])
            }
            return bytes
        }
        return nil
    }
}
