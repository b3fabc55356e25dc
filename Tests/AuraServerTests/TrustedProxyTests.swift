import Testing

@testable import AuraHTTP
@testable import AuraServer

/// Whose address a request is from, behind the proxies `--trusted-proxy` names, and how long
/// failures hold the next attempt up.
@Suite struct TrustedProxyTests {
    func request(from peer: String, _ headers: [String: String]) -> HTTPRequest {
        HTTPRequest(method: "GET", rawPath: "/", headers: headers, clientAddress: peer)
    }

    @Test func addressesAndBlocksAreMatchedByTheirBits() throws {
        let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8", "192.168.4.0/23"])
        for inside in ["127.0.0.1", "10.200.3.4", "fd12::1", "192.168.5.255", "::ffff:10.1.1.1"] {
            #expect(proxies.contains(inside), "\(inside)")
        }
        for outside in ["127.0.0.2", "11.0.0.1", "fe80::1", "192.168.6.0", "not an address", ""] {
            #expect(!proxies.contains(outside), "\(outside)")
        }
        #expect(throws: TrustedProxies.Refusal.self) { try TrustedProxies(["10.0.0.0/33"]) }
        #expect(throws: TrustedProxies.Refusal.self) { try TrustedProxies(["localhost"]) }
        #expect(throws: TrustedProxies.Refusal.self) { try TrustedProxies(["::1/129"]) }
    }

    @Test func theClientIsTheRightMostHopNoTrustedProxyAdded() throws {
        let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
        let chained = proxies.resolve(
            request(
                from: "127.0.0.1",
                ["x-forwarded-for": "1.2.3.4, 203.0.113.5, 10.1.1.1", "x-forwarded-proto": "https"]))
        #expect(chained.clientAddress == "203.0.113.5")
        #expect(chained.scheme == "https")
        let untrusted = proxies.resolve(
            request(from: "198.51.100.1", ["x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https"]))
        #expect(untrusted.clientAddress == "198.51.100.1")
        #expect(untrusted.scheme == "http")
        let forwarded = proxies.resolve(
            request(from: "127.0.0.1", ["forwarded": #"for=192.0.2.60;proto=http, for="[2001:db8::1]:4711""#]))
        #expect(forwarded.clientAddress == "2001:db8::1")
        let allTrusted = proxies.resolve(request(from: "127.0.0.1", ["x-forwarded-for": "10.0.0.2, 10.0.0.3"]))
        #expect(allTrusted.clientAddress == "10.0.0.2")
        let garbage = proxies.resolve(request(from: "127.0.0.1", ["x-forwarded-for": "unknown, <script>"]))
        #expect(garbage.clientAddress == "127.0.0.1")
    }

    @Test func failuresBackOffExponentiallyAndAreForgotten() {
        #expect(Backoff.wait(failures: 4, free: 5, since: 0) == nil)
        #expect(Backoff.wait(failures: 5, free: 5, since: 0) == 30)
        #expect(Backoff.wait(failures: 6, free: 5, since: 10) == 50)
        #expect(Backoff.wait(failures: 7, free: 5, since: 0) == 120)
        #expect(Backoff.wait(failures: 40, free: 5, since: 0) == 900)
        #expect(Backoff.wait(failures: 40, free: 5, since: 900) == nil)
        #expect(Backoff.wait(failures: 40, free: 5, since: Backoff.memory) == nil)
        #expect(Backoff.phrase(30) == "30 seconds")
        #expect(Backoff.phrase(61) == "2 minutes")
        #expect(Backoff.phrase(60) == "1 minute")
    }
}
