import AuraUseCases
import CCurl
import Foundation
import Platform

/// Fetches a calendar with libcurl from an address `CalendarAddress` allowed: connected only to
/// the addresses it checked (pinned, so the name cannot resolve elsewhere in between), no
/// redirects, at most `PersonalCalendar.largestFile` bytes (after decompression) and 20 seconds.
enum CalendarFetch {
    static let timeoutSeconds = 20

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static func fetch(_ address: CalendarAddress) throws -> Data {
        let pinned = address.vouched ? [] : try address.publicAddresses()
        let handle = try CurlHandle()
        let (library, curl) = (handle.library, handle.curl)
        let curlLibrary = library.pointee
        let resolve =
            pinned.isEmpty
            ? nil : curlLibrary.slist_append(nil, "\(address.host):\(address.port):\(pinned.joined(separator: ","))")
        defer { if let resolve { curlLibrary.slist_free_all(resolve) } }
        let download = CurlHandle.Body(limit: PersonalCalendar.largestFile)
        var codes =
            handle.receive(into: download)
            + handle.addressed(to: address.url.absoluteString, protocols: address.vouched ? "http,https" : "https") + [
                aura_curl_set_long(library, curl, CURLOPT_TIMEOUT, timeoutSeconds),
                aura_curl_set_long(library, curl, CURLOPT_CONNECTTIMEOUT, 10),
                aura_curl_set_long(library, curl, CURLOPT_MAXFILESIZE, PersonalCalendar.largestFile),
                aura_curl_set_string(library, curl, CURLOPT_ACCEPT_ENCODING, ""),
                aura_curl_set_string(library, curl, CURLOPT_USERAGENT, "Aura calendar fetch")
            ]
        if let resolve {
            codes.append(aura_curl_set_pointer(library, curl, CURLOPT_RESOLVE, UnsafeMutableRawPointer(resolve)))
        }
        guard codes.allSatisfy({ $0 == CURLE_OK }) else { throw Failed(description: "libcurl refused a setting") }
        let result = curlLibrary.easy_perform(curl)
        if download.exceeded || result == CURLE_FILESIZE_EXCEEDED {
            throw Failed(description: "the calendar is larger than 2 MB")
        }
        guard result == CURLE_OK else {
            throw Failed(
                description: handle.explain(result))
        }
        let status = aura_curl_response_code(library, curl)
        guard status == 200 else {
            throw Failed(
                description: (300..<400).contains(status)
                    ? "the address answered with a redirect (\(status)); give the address it leads to"
                    : "the address answered \(status)")
        }
        return download.data
    }
}
