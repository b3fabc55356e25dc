import COpenSSL
import Foundation
import SiteEngine

/// The AES-256 key every personal file is sealed with, derived from the passphrase with
/// PBKDF2-HMAC-SHA256 (OpenSSL). The browser derives the same key with WebCrypto.
struct PrivateKey: Sendable {
    struct CryptoError: Error, CustomStringConvertible {
        let description: String
    }

    /// OWASP's floor for PBKDF2-HMAC-SHA256 (2023).
    static let iterations = 600_000
    static let saltLength = 16

    let bytes: [UInt8]

    init(passphrase: String, salt: [UInt8], iterations: Int) throws {
        var key = [UInt8](repeating: 0, count: 32)
        let password = Array(passphrase.utf8)
        let status = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { pass in
                PKCS5_PBKDF2_HMAC(
                    pass.baseAddress, Int32(pass.count), salt, Int32(salt.count), Int32(iterations),
                    EVP_sha256(), Int32(key.count), &key)
            }
        }
        guard status == 1 else { throw CryptoError(description: "OpenSSL could not derive the key (PBKDF2)") }
        bytes = key
    }

    /// HMAC-SHA256 of `label` under this key: a secret of its own for `label` (the calendar's
    /// address) that reveals nothing of the key.
    func secret(for label: String) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let message = Array(label.utf8)
        _ = HMAC(EVP_sha256(), bytes, Int32(bytes.count), message, message.count, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
