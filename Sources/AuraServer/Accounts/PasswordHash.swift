import CArgon2
import Foundation
import Platform

/// Passwords as Argon2id hashes in PHC string form (`$argon2id$v=19$m=19456,t=2,p=1$…`), with
/// OWASP's parameters: 19 MiB of memory, 2 passes, 1 lane, a 16-byte random salt.
enum PasswordHash {
    static let memoryKiB: UInt32 = 19 * 1024
    static let passes: UInt32 = 2
    static let lanes: UInt32 = 1
    static let saltBytes = 16
    static let hashBytes = 32

    struct HashError: Error, CustomStringConvertible {
        let description: String
    }

    /// A new hash of `password` with a fresh salt.
    static func make(_ password: String) throws -> String {
        let salt = try SecureRandom.bytes(saltBytes)
        let length = argon2_encodedlen(passes, memoryKiB, lanes, UInt32(saltBytes), UInt32(hashBytes), Argon2_id)
        var encoded = [UInt8](repeating: 0, count: length + 1)
        let password = Array(password.utf8)
        let status = encoded.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                argon2id_hash_encoded(
                    passes, memoryKiB, lanes, password, password.count, salt, salt.count,
                    hashBytes, text.baseAddress, text.count)
            }
        }
        guard status == ARGON2_OK.rawValue else {
            throw HashError(description: "cannot hash the password: \(String(cString: argon2_error_message(status)))")
        }
        return String(decoding: encoded.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded`; false for a malformed hash.
    static func verify(_ password: String, against encoded: String) -> Bool {
        let password = Array(password.utf8)
        return argon2id_verify(encoded, password, password.count) == ARGON2_OK.rawValue
    }
}
