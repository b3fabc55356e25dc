import COpenSSL

/// Content hashes for cache-busting file names.
public enum Fingerprint {
    /// The SHA-256 digest of `bytes` as lowercase hex.
    public static func sha256Hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        sha256(bytes).hex
    }

    /// The SHA-256 digest of `bytes`. A build hashes tens of thousands of keys: no copy when
    /// the bytes are contiguous.
    public static func sha256<Bytes: Collection>(_ bytes: Bytes) -> SHA256Digest where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { sha256(UnsafeRawBufferPointer($0), SHA256Digest.init(bytes:)) }
            ?? Array(bytes).withUnsafeBytes { sha256($0, SHA256Digest.init(bytes:)) }
    }

    /// `body` given the SHA-256 digest of `raw`, held on the stack.
    private static func sha256<Result>(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { digest in
            var length: UInt32 = 0
            _ = EVP_Digest(raw.baseAddress, raw.count, digest.baseAddress, &length, EVP_sha256(), nil)
            return body(UnsafeBufferPointer(rebasing: digest[..<Int(length)]))
        }
    }

    /// A SHA-256 fed piece by piece, for digests of many small parts without joining them first.
    public final class Stream {
        private let context = EVP_MD_CTX_new()

        public init() {
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
        }

        deinit {
            EVP_MD_CTX_free(context)
        }

        public func update(_ text: some StringProtocol) {
            let fed: Void? = text.utf8.withContiguousStorageIfAvailable {
                _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count)
            }
            if fed == nil { update(String(text)) }
        }

        public func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }

        public func update(_ digest: SHA256Digest) {
            digest.withBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }

        /// The digest as lowercase hex; the stream is spent.
        public func hex() -> String {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { digest in
                var length: UInt32 = 0
                EVP_DigestFinal_ex(context, digest.baseAddress, &length)
                return SHA256Digest(bytes: UnsafeBufferPointer(rebasing: digest[..<Int(length)])).hex
            }
        }

        /// The digest as `Fingerprint.short` gives it; the stream is spent.
        public func short() -> String {
            String(hex().prefix(shortDigits))
        }
    }

    /// The number whose hex digits `short` gives (the SHA-256's first five bytes), so it orders
    /// as `short` does, made without any string.
    public static func shortValue(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            sha256(UnsafeRawBufferPointer(bytes)) { digest in digest.prefix(5).reduce(0) { $0 << 8 | UInt64($1) } }
        }
    }

    private static let shortDigits = 10

    /// A short hash for file names: the first ten hex digits of the SHA-256.
    public static func short<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(sha256Hex(bytes).prefix(shortDigits))
    }

    /// `name.ext` becomes `name.<hash>.ext`.
    public static func fingerprinted(_ fileName: String, bytes: [UInt8]) -> String {
        guard let dot = fileName.lastIndex(of: ".") else { return fileName + "." + short(bytes) }
        return "\(fileName[..<dot]).\(short(bytes))\(fileName[dot...])"
    }
}
