import Foundation
import Platform
import SiteEngine

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
        do {
            let sealed = try AESGCM.seal([UInt8](plaintext), key: key.bytes, nonce: nonce, aad: Array(path.utf8))
            return Data([version] + nonce + sealed)
        } catch {
            throw PrivateKey.CryptoError(description: "OpenSSL could not encrypt \(path) (AES-256-GCM)")
        }
    }

    /// The plaintext of `sealed` for `path`, or nil when the key, the path or any byte is wrong.
    static func open(_ sealed: Data, path: String, key: PrivateKey) -> Data? {
        let bytes = [UInt8](sealed)
        guard bytes.count >= 1 + nonceLength + tagLength, bytes[0] == version else { return nil }
        return AESGCM.open(
            Array(bytes[(1 + nonceLength)...]), key: key.bytes, nonce: Array(bytes[1...nonceLength]),
            aad: Array(path.utf8)
        ).map { Data($0) }
    }

    /// The nonce a sealed file was made with.
    static func nonce(of sealed: Data) -> Data { sealed.dropFirst().prefix(nonceLength) }
}
