import CCurl

/// One libcurl easy handle, for one transfer: libcurl is loaded on the first (`aura_curl`), and
/// the handle is cleaned up with this value. Mail, calendar fetches, pushes and deploys to an
/// object store go through it.
package final class CurlHandle {
    package let library: UnsafePointer<aura_curl_library>
    package let curl: UnsafeMutableRawPointer

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
