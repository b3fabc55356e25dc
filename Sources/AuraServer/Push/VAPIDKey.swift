import COpenSSL
import Foundation
import Platform

/// The server's application key for Web Push (VAPID, RFC 8292): a P-256 key pair made by OpenSSL
/// on the first start and kept in the state folder (`vapid.pem`, mode 0600), so the browsers'
/// subscriptions, which are bound to its public key, outlive restarts.
final class VAPIDKey: Sendable {
    // An EVP_PKEY is safe to share between threads for signing once made.
    nonisolated(unsafe) private let key: OpaquePointer
    /// The 65-byte uncompressed public point, as a browser takes it (`applicationServerKey`).
    let publicKey: Data

    struct KeyError: Error, CustomStringConvertible {
        let description: String
    }

    static let fileName = "vapid.pem"

    /// The key kept in `folder`, made and kept there first when there is none.
    static func loadOrCreate(in folder: URL) throws -> VAPIDKey {
        let file = folder.appendingPathComponent(fileName)
        if let pem = try? Data(contentsOf: file) {
            guard let key = read(pem) else {
                throw KeyError(
                    description: "\(file.path) is not a P-256 private key in PEM; move it away to make a new one")
            }
            return try VAPIDKey(key)
        }
        let key = try generate()
        let made = try VAPIDKey(key)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.write(try made.pem(), to: file, permissions: 0o600)
        return made
    }

    private init(_ key: OpaquePointer) throws {
        self.key = key
        var encoded: UnsafeMutablePointer<UInt8>?
        let length = EVP_PKEY_get1_encoded_public_key(key, &encoded)
        defer { CRYPTO_free(encoded, nil, 0) }
        guard length == 65, let encoded, encoded[0] == 4 else {
            EVP_PKEY_free(key)
            throw KeyError(description: "the VAPID key is not a P-256 key")
        }
        publicKey = Data(bytes: encoded, count: 65)
    }

    deinit { EVP_PKEY_free(key) }

    private static func generate() throws -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw KeyError(description: "OpenSSL could not start making a key")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { throw KeyError(description: "OpenSSL could not make a P-256 key") }
        return key
    }

    private static func read(_ pem: Data) -> OpaquePointer? {
        pem.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { return nil }
            guard EVP_PKEY_is_a(key, "EC") == 1 else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
    }

    private func pem() throws -> Data {
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
}
