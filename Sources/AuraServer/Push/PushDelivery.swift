import CCurl
import Foundation
import Platform

/// One POST of an encrypted message to a push service (RFC 8030) with libcurl: the headers Web
/// Push needs, no redirects, 20 seconds at most; the service's status and, when it refused,
/// its reason (Apple and FCM explain refusals in the body).
enum PushDelivery {
    struct Answer: Sendable, Equatable {
        let status: Int
        let reason: String
        /// How long the service asks to wait before trying again (`Retry-After`), in seconds.
        let retryAfter: TimeInterval?
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The answer's `Retry-After`, read by libcurl's header callback.
    private final class RetryAfter {
        var value: String?
    }

    static func post(_ body: Data, to endpoint: String, headers: [(String, String)]) throws -> Answer {
        let handle = try CurlHandle()
        let (library, curl) = (handle.library, handle.curl)
        let curlLibrary = library.pointee
        let list = handle.headerList(headers + [("Content-Type", "application/octet-stream"), ("Expect", "")])
        defer { curlLibrary.slist_free_all(list) }
        // The services explain a refusal in a few kilobytes at most.
        let received = CurlHandle.Body(limit: 4096, truncate: true)
        let retryAfter = RetryAfter()
        let context = Unmanaged.passRetained(retryAfter)
        defer { context.release() }
        let bytes = [UInt8](body)
        return try bytes.withUnsafeBufferPointer { buffer in
            let codes =
                handle.receive(into: received) + handle.addressed(to: endpoint) + [
                    aura_curl_set_long(library, curl, CURLOPT_CONNECTTIMEOUT, 5),
                    aura_curl_set_long(library, curl, CURLOPT_TIMEOUT, 10),
                    aura_curl_set_long(library, curl, CURLOPT_POST, 1),
                    aura_curl_set_pointer(
                        library, curl, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress)),
                    aura_curl_set_long(library, curl, CURLOPT_POSTFIELDSIZE, buffer.count),
                    aura_curl_set_pointer(library, curl, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)),
                    aura_curl_set_pointer(library, curl, CURLOPT_HEADERDATA, context.toOpaque()),
                    aura_curl_set_header_function(library, curl) { line, size, count, context in
                        guard let line, let context else { return 0 }
                        let length = size * count
                        let text = String(
                            decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
                        if text.lowercased().hasPrefix("retry-after:") {
                            Unmanaged<RetryAfter>.fromOpaque(context).takeUnretainedValue().value =
                                text.dropFirst("retry-after:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                        }
                        return length
                    }
                ]
            guard codes.allSatisfy({ $0 == CURLE_OK }) else { throw Failed(description: "libcurl refused a setting") }
            let result = curlLibrary.easy_perform(curl)
            guard result == CURLE_OK else {
                throw Failed(
                    description: handle.explain(result))
            }
            return Answer(
                status: aura_curl_response_code(library, curl),
                reason: String(decoding: received.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                retryAfter: retryAfter.value.flatMap(Self.seconds))
        }
    }

    /// `Retry-After`'s seconds, or its HTTP date from now.
    static func seconds(_ value: String) -> TimeInterval? {
        if let seconds = Int(value), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}
