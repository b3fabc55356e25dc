import CCurl
import Foundation

/// One libcurl easy handle, for one transfer: libcurl is loaded on the first (`aura_curl`), and
/// the handle is cleaned up with this value. Mail, calendar fetches, pushes and deploys to an
/// object store go through it.
package final class CurlHandle {
    package let library: UnsafePointer<aura_curl_library>
    package let curl: UnsafeMutableRawPointer
    /// What the current transfer's body is written into, alive until the next one.
    private var receiving: Body?

    package struct Unavailable: Error, CustomStringConvertible {
        package let description: String
    }

    package init() throws {
        var failure: UnsafePointer<CChar>?
        guard let library = aura_curl(&failure) else {
            throw Unavailable(
                description: "libcurl could not be loaded: "
                    + (failure.map { String(cString: $0) } ?? "no reason given"))
        }
        guard let curl = library.pointee.easy_init() else { throw Unavailable(description: "libcurl could not start") }
        self.library = library
        self.curl = curl
    }

    deinit { library.pointee.easy_cleanup(curl) }

    /// What went wrong, in libcurl's words.
    package func explain(_ code: CURLcode) -> String {
        library.pointee.easy_strerror(code).map { String(cString: $0) } ?? "libcurl failed (\(code.rawValue))"
    }
}

extension CurlHandle {
    /// An answer's body as libcurl hands it over, up to `limit` bytes: past it, `truncate`
    /// keeps reading and drops the rest, otherwise the transfer stops (`exceeded`).
    package final class Body {
        package private(set) var data = Data()
        package private(set) var exceeded = false
        let limit: Int
        let truncate: Bool

        package init(limit: Int = .max, truncate: Bool = false) {
            self.limit = limit
            self.truncate = truncate
        }

        /// Takes `length` bytes; false stops the transfer.
        fileprivate func take(_ bytes: UnsafeRawPointer, _ length: Int) -> Bool {
            let room = limit - data.count
            guard length <= room || truncate else {
                exceeded = true
                return false
            }
            data.append(bytes.assumingMemoryBound(to: UInt8.self), count: max(0, min(length, room)))
            return true
        }
    }

    /// Has the answer's body collected in `body`, which this handle keeps until its next
    /// transfer; the settings' codes.
    package func receive(into body: Body) -> [CURLcode] {
        receiving = body
        return [
            aura_curl_set_pointer(library, curl, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque()),
            aura_curl_set_write_function(library, curl) { data, size, count, context in
                guard let data, let context else { return 0 }
                let length = size * count
                return Unmanaged<Body>.fromOpaque(context).takeUnretainedValue().take(data, length) ? length : 0
            }
        ]
    }

    /// A transfer to `url` alone: only `protocols` (comma-separated), no redirect followed (the
    /// address is the one checked, never where it points), no signal (threads); the codes.
    package func addressed(to url: String, protocols: String = "http,https") -> [CURLcode] {
        [
            aura_curl_set_string(library, curl, CURLOPT_URL, url),
            aura_curl_set_string(library, curl, CURLOPT_PROTOCOLS_STR, protocols),
            aura_curl_set_long(library, curl, CURLOPT_FOLLOWLOCATION, 0),
            aura_curl_set_long(library, curl, CURLOPT_NOSIGNAL, 1)
        ]
    }

    /// `headers` as the list libcurl sends (`Name: value` each); the caller frees it
    /// (`slist_free_all`) after the transfer.
    package func headerList(_ headers: [(String, String)]) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = library.pointee.slist_append(list, "\(name): \(value)") }
        return list
    }
}
