import AuraPlanner
import Foundation
import Platform
import SiteEngine

/// `/private.json`, public: what the browser needs to derive the key (version, iterations,
/// salt) and `check`, a sealed known word that tells a right passphrase from a wrong one
/// before any page is fetched.
struct PrivateHeader: Codable, Equatable, Sendable {
    static let path = "private.json"
    static let checkWord = Data("aura".utf8)

    let version: Int
    let kdf: String
    let iterations: Int
    /// Base64url.
    let salt: String
    /// Base64url of a sealed file holding `checkWord`, sealed for the path `private.json`.
    let check: String

    /// A new header, with a fresh salt, and its key.
    static func fresh(passphrase: String, iterations: Int) throws -> (PrivateHeader, PrivateKey) {
        let salt = try SecureRandom.bytes(PrivateKey.saltLength)
        let key = try PrivateKey(passphrase: passphrase, salt: salt, iterations: iterations)
        let check = try SealedFile.seal(checkWord, path: path, key: key)
        let header = PrivateHeader(
            version: Int(SealedFile.version), kdf: "PBKDF2-HMAC-SHA256", iterations: iterations,
            salt: Base64URL.encode(salt), check: Base64URL.encode([UInt8](check)))
        return (header, key)
    }

    /// The previous build's header and key when `passphrase` still opens it and its
    /// parameters are current, so unchanged files can stay byte for byte; otherwise a fresh one.
    static func reusing(_ previous: Data?, passphrase: String, iterations: Int) throws -> (PrivateHeader, PrivateKey) {
        if let previous, let header = try? JSONDecoder().decode(PrivateHeader.self, from: previous),
            header.version == Int(SealedFile.version), header.iterations == iterations,
            let salt = Base64URL.decode(header.salt), let check = Base64URL.decode(header.check)
        {
            let key = try PrivateKey(passphrase: passphrase, salt: salt, iterations: iterations)
            if SealedFile.open(Data(check), path: path, key: key) == checkWord { return (header, key) }
        }
        return try fresh(passphrase: passphrase, iterations: iterations)
    }

    func json() throws -> Data { try canonicalJSON(self) }
}
