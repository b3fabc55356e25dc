import COpenSSL
import Foundation

/// Random bytes and tokens from OpenSSL's generator.
public enum SecureRandom {
    struct RandomError: Error, CustomStringConvertible {
        let description = "OpenSSL's random generator failed"
    }

    /// `count` bytes from `RAND_bytes`.
    public static func bytes(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw RandomError() }
        return bytes
    }

    /// 256 random bits as unpadded base64url, for cookies and links.
    public static func token() throws -> String {
        Base64URL.encode(try bytes(32))
    }
}

/// Unpadded base64url, the form that fits in a URL or a JSON string.
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}
