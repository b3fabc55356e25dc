import CCurl
import Foundation
import Platform

/// Sends mail through the SMTP server `site.yml` names, by libcurl (STARTTLS when the server
/// offers it on smtp://, TLS from the start on smtps://), the password from the environment.
struct SMTPMailer: Sendable {
    let settings: MailSettings

    struct SendError: Error, CustomStringConvertible {
        let description: String
    }

    /// The address in `from` (`Aura <aura@example.org>` → `aura@example.org`).
    var envelopeSender: String {
        guard let open = settings.from.lastIndex(of: "<"), let close = settings.from.lastIndex(of: ">"), open < close
        else { return settings.from }
        return String(settings.from[settings.from.index(after: open)..<close])
    }

    /// The bytes left to hand to libcurl, read in turn by its callback.
    private final class Upload {
        var data: Data
        init(_ data: Data) { self.data = data }
    }

    func send(_ message: MailMessage, now: Date) throws {
        guard MailMessage.isAddress(message.to) else {
            throw SendError(description: "'\(message.to)' is not an e-mail address")
        }
        let handle = try CurlHandle()
        let (library, curl) = (handle.library, handle.curl)
        let curlLibrary = library.pointee
        let upload = Upload(
            message.rendered(date: now, messageID: "\(UUID().uuidString)@\(settings.smtp.host ?? "aura")"))
        let recipients = curlLibrary.slist_append(nil, "<\(message.to)>")
        defer { curlLibrary.slist_free_all(recipients) }
        var codes =
            handle.addressed(to: settings.smtp.absoluteString, protocols: "smtp,smtps") + [
                aura_curl_set_string(library, curl, CURLOPT_MAIL_FROM, "<\(envelopeSender)>"),
                aura_curl_set_pointer(library, curl, CURLOPT_MAIL_RCPT, UnsafeMutableRawPointer(recipients)),
                aura_curl_set_long(library, curl, CURLOPT_UPLOAD, 1),
                aura_curl_set_long(library, curl, CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue)),
                aura_curl_set_long(library, curl, CURLOPT_CONNECTTIMEOUT, 10),
                aura_curl_set_long(library, curl, CURLOPT_TIMEOUT, 30),
                aura_curl_set_read_function(library, curl) { buffer, size, count, context in
                    guard let buffer, let context else { return 0 }
                    let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
                    let length = min(size * count, upload.data.count)
                    upload.data.copyBytes(
                        to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
                    upload.data.removeFirst(length)
                    return length
                }
            ]
        if let user = settings.user {
            codes.append(aura_curl_set_string(library, curl, CURLOPT_USERNAME, user))
            if let variable = settings.passwordVariable, let password = ProcessInfo.processInfo.environment[variable] {
                codes.append(aura_curl_set_string(library, curl, CURLOPT_PASSWORD, password))
            }
        }
        let context = Unmanaged.passRetained(upload)
        defer { context.release() }
        codes.append(aura_curl_set_pointer(library, curl, CURLOPT_READDATA, context.toOpaque()))
        guard codes.allSatisfy({ $0 == CURLE_OK }) else { throw SendError(description: "libcurl refused a setting") }
        let result = curlLibrary.easy_perform(curl)
        guard result == CURLE_OK else {
            throw SendError(
                description: handle.explain(result))
        }
    }
}
