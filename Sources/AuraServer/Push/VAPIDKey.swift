import Foundation
import Platform

/// The server's application key for Web Push (VAPID, RFC 8292): a P-256 key pair made on the
/// first start and kept in the accounts database, so the browsers' subscriptions, which are
/// bound to its public key, outlive restarts and hold on every replica.
struct VAPIDKey: Sendable {
    let key: P256Key
    /// The 65-byte uncompressed public point, as a browser takes it (`applicationServerKey`).
    var publicKey: Data { Data(key.publicPoint) }

    /// Where an earlier Aura kept the key, in the state folder: taken in on the first start.
    static let fileName = "vapid.pem"

    /// The key `accounts` keep; when they keep none yet, the one in `folder`'s `vapid.pem` or
    /// a new one, kept first. Replicas starting together all end with the one kept first.
    static func loadOrCreate(in accounts: Accounts, formerlyIn folder: URL) throws -> VAPIDKey {
        if let pem = try accounts.serverKey(named: "vapid") { return try key(pem, from: "the accounts database") }
        let file = folder.appendingPathComponent(fileName)
        let made: Data
        if let pem = try? Data(contentsOf: file) {
            made = try key(pem, from: file.path).key.pem()
        } else {
            made = try P256Key().pem()
        }
        return try key(try accounts.keepServerKey(named: "vapid", made), from: "the accounts database")
    }

    private static func key(_ pem: Data, from place: String) throws -> VAPIDKey {
        guard let key = P256Key(pem: pem) else {
            throw P256Key.KeyError(description: "the Web Push key in \(place) is not a P-256 private key in PEM")
        }
        return VAPIDKey(key: key)
    }

    /// The `Authorization` header for a push to `endpoint` (RFC 8292): `vapid t=<ES256 JWT>,
    /// k=<public key>`, the JWT's audience the endpoint's origin, valid 12 hours from `now`.
    func authorization(for endpoint: URL, contact: String, now: Date) throws -> String {
        var origin = URLComponents()
        origin.scheme = endpoint.scheme
        origin.host = endpoint.host
        origin.port = endpoint.port
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims: [String: Any] = [
            "aud": origin.string ?? "", "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": contact
        ]
        let body = Base64URL.encode([UInt8](try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])))
        let signed = header + "." + body
        let signature = Base64URL.encode(try key.signES256(Array(signed.utf8)))
        return "vapid t=\(signed).\(signature), k=\(Base64URL.encode(key.publicPoint))"
    }
}
