import Foundation
import Platform

/// The server's application key for Web Push (VAPID, RFC 8292): a P-256 key pair made on the
/// first start and kept in the state folder (`vapid.pem`, mode 0600), so the browsers'
/// subscriptions, which are bound to its public key, outlive restarts.
struct VAPIDKey: Sendable {
    let key: P256Key
    /// The 65-byte uncompressed public point, as a browser takes it (`applicationServerKey`).
    var publicKey: Data { Data(key.publicPoint) }

    static let fileName = "vapid.pem"

    /// The key kept in `folder`, made and kept there first when there is none.
    static func loadOrCreate(in folder: URL) throws -> VAPIDKey {
        let file = folder.appendingPathComponent(fileName)
        if let pem = try? Data(contentsOf: file) {
            guard let key = P256Key(pem: pem) else {
                throw P256Key.KeyError(
                    description: "\(file.path) is not a P-256 private key in PEM; move it away to make a new one")
            }
            return VAPIDKey(key: key)
        }
        let key = try P256Key()
        try AtomicFile.write(try key.pem(), to: file, permissions: 0o600)
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
