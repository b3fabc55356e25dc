import COpenSSL
import Foundation

/// AES-GCM by OpenSSL: AES-128 for a 16-byte key, AES-256 for a 32-byte one; a 12-byte nonce
/// and a 16-byte tag.
public enum AESGCM {
    public static let tagLength = 16

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The ciphertext of `plaintext` followed by its tag, `aad` authenticated alongside.
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8] = []) throws -> [UInt8] {
        let context = try Context()
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: tagLength)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        guard let cipher = cipher(for: key), nonce.count == 12,
            EVP_EncryptInit_ex(context.pointer, cipher, nil, key, nonce) == 1,
            aad.isEmpty || EVP_EncryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_EncryptUpdate(context.pointer, &ciphertext, &length, plaintext, Int32(plaintext.count)) == 1
        else { throw Failed(description: "OpenSSL could not encrypt (AES-GCM)") }
        let produced = Int(length)
        let finished = ciphertext.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context.pointer, buffer.baseAddress! + produced, &finalLength) == 1
        }
        guard finished, EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1 else {
            throw Failed(description: "OpenSSL could not encrypt (AES-GCM)")
        }
        return Array(ciphertext.prefix(produced + Int(finalLength))) + tag
    }

    /// The plaintext of `sealed` (ciphertext and tag), or nil when the key, nonce, `aad` or any
    /// byte is wrong.
    public static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8] = []) -> [UInt8]? {
        guard sealed.count >= tagLength, let cipher = cipher(for: key), nonce.count == 12,
            let context = try? Context()
        else { return nil }
        let ciphertext = Array(sealed.dropLast(tagLength))
        var tag = Array(sealed.suffix(tagLength))
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        guard EVP_DecryptInit_ex(context.pointer, cipher, nil, key, nonce) == 1,
            aad.isEmpty || EVP_DecryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_DecryptUpdate(context.pointer, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1,
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tag) == 1
        else { return nil }
        let produced = Int(length)
        let ok = plaintext.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context.pointer, buffer.baseAddress! + produced, &finalLength) == 1
        }
        return ok ? Array(plaintext.prefix(produced + Int(finalLength))) : nil
    }

    private static func cipher(for key: [UInt8]) -> OpaquePointer? {
        switch key.count {
        case 16: EVP_aes_128_gcm()
        case 32: EVP_aes_256_gcm()
        default: nil
        }
    }

    private final class Context {
        let pointer: OpaquePointer
        init() throws {
            guard let pointer = EVP_CIPHER_CTX_new() else {
                throw Failed(description: "OpenSSL could not make a cipher context")
            }
            self.pointer = pointer
        }
        deinit { EVP_CIPHER_CTX_free(pointer) }
    }
}
