import Foundation

/// A plain-text e-mail, written as RFC 5322 lines. Header values can never start a header of
/// their own: line breaks and other control characters are removed, and anything beyond ASCII
/// is an RFC 2047 encoded word.
struct MailMessage: Sendable {
    let from: String
    let to: String
    let subject: String
    let body: String

    /// The message as sent: CRLF line endings, UTF-8 text.
    func rendered(date: Date, messageID: String) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let headers = [
            ("From", Self.headerValue(from)), ("To", Self.headerValue(to)), ("Subject", Self.headerValue(subject)),
            ("Date", formatter.string(from: date)), ("Message-ID", "<\(Self.headerValue(messageID))>"),
            ("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Transfer-Encoding", "8bit")
        ]
        let lines =
            headers.map { "\($0.0): \($0.1)" } + [""]
            + body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        return Data(lines.joined(separator: "\r\n").appending("\r\n").utf8)
    }

    /// One header value on one line: control characters go, non-ASCII is a `=?UTF-8?B?…?=` word.
    static func headerValue(_ text: String) -> String {
        let line = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.properties.generalCategory != .control
                        && $0 != "\u{2028}" && $0 != "\u{2029}" && $0 != "\u{85}"
                }))
        guard line.unicodeScalars.contains(where: { !$0.isASCII }) else { return line }
        return "=?UTF-8?B?\(Data(line.utf8).base64EncodedString())?="
    }

    /// Whether `text` is one plain e-mail address (`name@host`) that can go in an SMTP envelope.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && text.count <= 254
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"<>()[],;:\\\"".unicodeScalars.contains($0)
            }
    }
}
