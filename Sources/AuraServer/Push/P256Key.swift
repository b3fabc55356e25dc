import COpenSSL
import Foundation

/// A P-256 private key held by OpenSSL, with what Web Push does with one: its public point,
/// ECDH with a browser's point (RFC 8291), and ES256 signatures (RFC 8292's JWT).
final class P256Key: Sendable {
    // An EVP_PKEY is safe to share between threads once made.
    nonisolated(unsafe) private let key: OpaquePointer
    /// The 65-byte uncompressed public point.
    let publicPoint: [UInt8]

    struct KeyError: Error, CustomStringConvertible {
        let description: String
    }

    /// A new key from OpenSSL's generator.
    convenience init() throws {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw KeyError(description: "OpenSSL could not start making a key")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { throw KeyError(description: "OpenSSL could not make a P-256 key") }
        try self.init(owning: key)
    }

    /// The key a PEM private key holds; nil when it holds no P-256 key.
    convenience init?(pem: Data) {
        let key = pem.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { return nil }
        try? self.init(owning: key)
    }

    private init(owning key: OpaquePointer) throws {
        self.key = key
        var encoded: UnsafeMutablePointer<UInt8>?
        let length = EVP_PKEY_get1_encoded_public_key(key, &encoded)
        defer { CRYPTO_free(encoded, nil, 0) }
        guard EVP_PKEY_is_a(key, "EC") == 1, length == 65, let encoded, encoded[0] == 4 else {
            EVP_PKEY_free(key)
            throw KeyError(description: "not a P-256 key")
        }
        publicPoint = Array(UnsafeBufferPointer(start: encoded, count: 65))
    }

    deinit { EVP_PKEY_free(key) }

    /// The private key as PEM (PKCS #8).
    func pem() throws -> Data {
        guard let bio = BIO_new(BIO_s_mem()) else { throw KeyError(description: "OpenSSL could not write the key") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else {
            throw KeyError(description: "OpenSSL could not write the key")
        }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
        guard length > 0, let pointer else { throw KeyError(description: "OpenSSL could not write the key") }
        return Data(bytes: pointer, count: length)
    }

    /// Whether `point` is an uncompressed point on P-256 (a browser's key for its pushes).
    static func isPoint(_ point: [UInt8]) -> Bool {
        guard let key = peerKey(point) else { return false }
        EVP_PKEY_free(key)
        return true
    }

    /// OpenSSL's key for the uncompressed point `point`, once OpenSSL has checked that it lies
    /// on the curve; nil when it does not.
    private static func peerKey(_ point: [UInt8]) -> OpaquePointer? {
        // A P-256 SubjectPublicKeyInfo is this fixed header and the point.
        let header: [UInt8] = [
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48,
            0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00
        ]
        let info = header + point
        guard point.count == 65, point[0] == 4,
            let key = info.withUnsafeBufferPointer({ buffer -> OpaquePointer? in
                var start: UnsafePointer<UInt8>? = buffer.baseAddress
                return d2i_PUBKEY(nil, &start, buffer.count)
            })
        else { return nil }
        let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil)
        defer { EVP_PKEY_CTX_free(check) }
        guard let check, EVP_PKEY_public_check(check) == 1 else {
            EVP_PKEY_free(key)
            return nil
        }
        return key
    }

    /// The ECDH shared secret (32 bytes) with the holder of the uncompressed point `peer`.
    func sharedSecret(with peer: [UInt8]) throws -> [UInt8] {
        guard let other = Self.peerKey(peer) else { throw KeyError(description: "not a P-256 public key") }
        defer { EVP_PKEY_free(other) }
        guard let context = EVP_PKEY_CTX_new(key, nil) else { throw KeyError(description: "OpenSSL could not derive") }
        defer { EVP_PKEY_CTX_free(context) }
        var secret = [UInt8](repeating: 0, count: 32)
        var length = secret.count
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, other) == 1,
            EVP_PKEY_derive(context, &secret, &length) == 1, length == 32
        else { throw KeyError(description: "OpenSSL could not derive an ECDH secret (a point off the curve?)") }
        return secret
    }

    /// The ES256 signature of `message`: r and s, 32 bytes each (JWS's form, not DER).
    func signES256(_ message: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw KeyError(description: "OpenSSL could not sign") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
            EVP_DigestSign(context, nil, &length, message, message.count) == 1
        else { throw KeyError(description: "OpenSSL could not sign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else {
            throw KeyError(description: "OpenSSL could not sign")
        }
        let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var start: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &start, length)
        }
        guard let signature else { throw KeyError(description: "OpenSSL's signature did not read") }
        defer { ECDSA_SIG_free(signature) }
        var raw = [UInt8](repeating: 0, count: 64)
        guard let r = ECDSA_SIG_get0_r(signature), let s = ECDSA_SIG_get0_s(signature),
            BN_bn2binpad(r, &raw, 32) == 32,
            raw.withUnsafeMutableBufferPointer({ BN_bn2binpad(s, $0.baseAddress! + 32, 32) }) == 32
        else { throw KeyError(description: "OpenSSL's signature did not read") }
        return raw
    }
}
