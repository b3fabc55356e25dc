import COpenSSL
import Foundation
import Platform

/// A Web Push message body, encrypted for one subscription as RFC 8291 says, in RFC 8188's
/// `aes128gcm` coding: one record, its header carrying a random salt, the record size and the
/// sender's one-time public key. Each message has its own ECDH key pair and salt.
enum PushMessage {
    /// The record size written in the header: one record holds the whole message.
    static let recordSize: UInt32 = 4096

    static func encrypt(_ plaintext: [UInt8], to subscription: Accounts.PushSubscription) throws -> Data {
        let browser = [UInt8](subscription.p256dh)
        guard plaintext.count + 17 + AESGCM.tagLength <= Int(recordSize) else {
            throw P256Key.KeyError(description: "a push message holds at most 4 KB")
        }
        let sender = try P256Key()
        let shared = try sender.sharedSecret(with: browser)
        let keyInfo = Array("WebPush: info\0".utf8) + browser + sender.publicPoint
        let inputKey = try hkdf(salt: [UInt8](subscription.auth), key: shared, info: keyInfo, length: 32)
        let salt = try SecureRandom.bytes(16)
        let contentKey = try hkdf(
            salt: salt, key: inputKey, info: Array("Content-Encoding: aes128gcm\0".utf8), length: 16)
        let nonce = try hkdf(salt: salt, key: inputKey, info: Array("Content-Encoding: nonce\0".utf8), length: 12)
        // The last (and only) record ends with the delimiter 0x02 and no padding.
        let sealed = try AESGCM.seal(plaintext + [2], key: contentKey, nonce: nonce)
        let size = withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        return Data(salt + size + [UInt8(sender.publicPoint.count)] + sender.publicPoint + sealed)
    }

    /// HKDF-SHA-256 (RFC 5869), extract then expand, by OpenSSL's KDF.
    static func hkdf(salt: [UInt8], key: [UInt8], info: [UInt8], length: Int) throws -> [UInt8] {
        guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else {
            throw P256Key.KeyError(description: "no HKDF in OpenSSL")
        }
        defer { EVP_KDF_free(kdf) }
        guard let context = EVP_KDF_CTX_new(kdf) else { throw P256Key.KeyError(description: "no HKDF in OpenSSL") }
        defer { EVP_KDF_CTX_free(context) }
        var digest = Array("SHA256".utf8CString)
        var salt = salt
        var key = key
        var info = info
        var output = [UInt8](repeating: 0, count: length)
        let derived = digest.withUnsafeMutableBufferPointer { digest in
            salt.withUnsafeMutableBytes { salt in
                key.withUnsafeMutableBytes { key in
                    info.withUnsafeMutableBytes { info in
                        // The names must outlive the parameters: static strings, not temporaries.
                        let parameters = [
                            OSSL_PARAM_construct_utf8_string(name("digest"), digest.baseAddress, 0),
                            OSSL_PARAM_construct_octet_string(name("salt"), salt.baseAddress, salt.count),
                            OSSL_PARAM_construct_octet_string(name("key"), key.baseAddress, key.count),
                            OSSL_PARAM_construct_octet_string(name("info"), info.baseAddress, info.count),
                            OSSL_PARAM_construct_end()
                        ]
                        return EVP_KDF_derive(context, &output, length, parameters)
                    }
                }
            }
        }
        guard derived == 1 else { throw P256Key.KeyError(description: "OpenSSL could not derive a key (HKDF)") }
        return output
    }

    private static func name(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
