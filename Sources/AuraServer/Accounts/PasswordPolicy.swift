import CZlib
import Foundation

/// What a new password must be (NIST 800-63B): at least 12 characters and not one of the
/// 20,000 most common passwords; no composition rules. The list is Django's (BSD licence),
/// as Debian's `python3-django` installs it (`scripts/deps.sh build`), read once when first needed.
enum PasswordPolicy {
    static let commonList = "/usr/lib/python3/dist-packages/django/contrib/auth/common-passwords.txt.gz"

    /// The common passwords, lowercased; nil when the list is not installed.
    static let common: Set<String>? = gunzipLines(commonList).map { Set($0.map { $0.lowercased() }) }

    /// Throws the reason a password may not be used.
    static func check(_ password: String) throws {
        guard password.count >= Accounts.minimumPasswordLength else {
            throw Accounts.AccountError(
                description: "a password needs at least \(Accounts.minimumPasswordLength) characters")
        }
        guard let common else {
            throw Accounts.AccountError(
                description: "the list of common passwords (\(commonList)) is missing; run scripts/deps.sh build")
        }
        guard !common.contains(password.lowercased()) else {
            throw Accounts.AccountError(
                description: "that password is one of the most common ones; please choose another")
        }
    }

    /// The lines of a gzip file, through zlib.
    private static func gunzipLines(_ path: String) -> [String]? {
        guard let file = gzopen(path, "rb") else { return nil }
        defer { gzclose(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = gzread(file, &buffer, UInt32(buffer.count))
            guard count >= 0 else { return nil }
            if count == 0 { break }
            data.append(buffer, count: Int(count))
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }
}
