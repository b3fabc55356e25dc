import COpenSSL
import Foundation
import Platform

/// One encrypted file: version byte ‖ 96-bit nonce ‖ AES-256-GCM ciphertext ‖ 128-bit tag,
/// with the file's site path (e.g. `dashboard/index.html`) as the additional authenticated
/// data, so a file moved to another path fails to open.
struct SealedFile {
    static let version: UInt8 = 1
    static let nonceLength = 12
    static let tagLength = 16
    /// What a sealed file's name adds to the path of the file it holds.
    static let suffix = ".enc"

    /// Seals `plaintext` for `path` under `key` with a fresh random nonce.
    static func seal(_ plaintext: Data, path: String, key: PrivateKey) throws -> Data {
        let nonce = try SecureRandom.bytes(nonceLength)
        let context = try Context()
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: tagLength)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        let aad = Array(path.utf8)
        let input = [UInt8](plaintext)
        guard EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, key.bytes, nonce) == 1,
            EVP_EncryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_EncryptUpdate(context.pointer, &ciphertext, &length, input, Int32(input.count)) == 1
        else {
            throw PrivateKey.CryptoError(description: "OpenSSL could not encrypt \(path) (AES-256-GCM)")
        }
        let produced = Int(length)
        let finished = ciphertext.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context.pointer, buffer.baseAddress! + produced, &finalLength) == 1
        }
        guard finished, EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1 else {
            throw PrivateKey.CryptoError(description: "OpenSSL could not encrypt \(path) (AES-256-GCM)")
        }
        return Data([version] + nonce + ciphertext.prefix(Int(length + finalLength)) + tag)
    }

    /// The plaintext of `sealed` for `path`, or nil when the key, the path or any byte is wrong.
    static func open(_ sealed: Data, path: String, key: PrivateKey) -> Data? {
        let bytes = [UInt8](sealed)
        guard bytes.count >= 1 + nonceLength + tagLength, bytes[0] == version, let context = try? Context() else {
            return nil
        }
        let nonce = Array(bytes[1...nonceLength])
        let ciphertext = Array(bytes[(1 + nonceLength)..<(bytes.count - tagLength)])
        var tag = Array(bytes.suffix(tagLength))
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        let aad = Array(path.utf8)
        guard EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, key.bytes, nonce) == 1,
            EVP_DecryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_DecryptUpdate(context.pointer, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1,
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tag) == 1
        else { return nil }
        let produced = Int(length)
        let ok = plaintext.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context.pointer, buffer.baseAddress! + produced, &finalLength) == 1
        }
        return ok ? Data(plaintext.prefix(produced + Int(finalLength))) : nil
    }

    /// The nonce a sealed file was made with.
    static func nonce(of sealed: Data) -> Data { sealed.dropFirst().prefix(nonceLength) }

    private final class Context {
        let pointer: OpaquePointer
        init() throws {
            guard let pointer = EVP_CIPHER_CTX_new() else {
                throw PrivateKey.CryptoError(description: "OpenSSL could not make a cipher context")
            }
            self.pointer = pointer
        }
        deinit { EVP_CIPHER_CTX_free(pointer) }
    }
}
