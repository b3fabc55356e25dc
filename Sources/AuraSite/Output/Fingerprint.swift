import COpenSSL

/// Content hashes for cache-busting file names.
public enum Fingerprint {
    /// The SHA-256 digest of `bytes` as lowercase hex.
    public static func sha256Hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let input = Array(bytes)
        input.withUnsafeBytes { raw in
            _ = EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha256(), nil)
        }
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A short hash for file names: the first ten hex digits of the SHA-256.
    static func short<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(sha256Hex(bytes).prefix(10))
    }

    /// `name.ext` becomes `name.<hash>.ext`.
    static func fingerprinted(_ fileName: String, bytes: [UInt8]) -> String {
        guard let dot = fileName.lastIndex(of: ".") else { return fileName + "." + short(bytes) }
        return "\(fileName[..<dot]).\(short(bytes))\(fileName[dot...])"
    }
}
