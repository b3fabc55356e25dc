import COpenSSL
import Foundation

/// Random bytes and tokens from OpenSSL's generator.
enum SecureRandom {
    struct RandomError: Error, CustomStringConvertible {
        let description = "OpenSSL's random generator failed"
    }

    static func bytes(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw RandomError() }
        return bytes
    }

    /// 256 random bits as unpadded base64url, for cookies and links.
    static func token() throws -> String {
        Data(try bytes(32)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

}
