import CCurl
import Foundation
import Platform

/// One request to an S3-compatible store through libcurl, signed with AWS Signature V4 by
/// libcurl itself (`CURLOPT_AWS_SIGV4`), retried with back-off when the store answers 5xx or
/// the connection times out or drops.
struct StoreRequest {
    let method: String
    let url: String
    var body = Data()
    var headers: [(String, String)] = []

    struct Answer {
        let status: Int
        let body: Data
    }

    /// Attempts after the first, and the wait before the first of them (doubled each time).
    static let retries = 3
    static let firstWait = 0.25

    /// Performs the request on `handle` (reset first; its connections are kept), retrying.
    func perform(on handle: CurlHandle, signing: Signing) -> Result<Answer, Failure> {
        var wait = Self.firstWait
        for attempt in 0...Self.retries {
            let result = performOnce(on: handle, signing: signing)
            let transient: Bool
            switch result {
            case .success(let answer): transient = answer.status >= 500
            case .failure(let failure): transient = failure.transient
            }
            guard transient, attempt < Self.retries else { return result }
            Thread.sleep(forTimeInterval: wait)
            wait *= 2
        }
        preconditionFailure("the last attempt returns")
    }

    /// How requests are signed: the region and the keys.
    struct Signing {
        let region: String
        let credentials: StoreCredentials
    }

    /// A request that got no answer: libcurl's reason, and whether trying again may help.
    struct Failure: Error {
        let reason: String
        let transient: Bool
    }

    private func performOnce(on handle: CurlHandle, signing: Signing) -> Result<Answer, Failure> {
        let (library, curl) = (handle.library, handle.curl)
        let curlLibrary = library.pointee
        curlLibrary.easy_reset(curl)
        var all = headers + [("x-amz-content-sha256", Fingerprint.sha256Hex(body))]
        if let token = signing.credentials.sessionToken { all.append(("x-amz-security-token", token)) }
        let list = handle.headerList(all)
        defer { curlLibrary.slist_free_all(list) }
        let received = CurlHandle.Body()
        let bytes = [UInt8](body)
        return bytes.withUnsafeBufferPointer { buffer in
            var codes =
                handle.receive(into: received) + handle.addressed(to: url) + [
                    aura_curl_set_long(library, curl, CURLOPT_CONNECTTIMEOUT, 10),
                    // A transfer that moves nothing for 30 seconds has dropped.
                    aura_curl_set_long(library, curl, CURLOPT_LOW_SPEED_LIMIT, 1),
                    aura_curl_set_long(library, curl, CURLOPT_LOW_SPEED_TIME, 30),
                    aura_curl_set_string(library, curl, CURLOPT_AWS_SIGV4, "aws:amz:\(signing.region):s3"),
                    aura_curl_set_string(library, curl, CURLOPT_USERNAME, signing.credentials.accessKey),
                    aura_curl_set_string(library, curl, CURLOPT_PASSWORD, signing.credentials.secretKey),
                    aura_curl_set_pointer(library, curl, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list))
                ]
            if method == "PUT" {
                codes += [
                    aura_curl_set_long(library, curl, CURLOPT_POSTFIELDSIZE, buffer.count),
                    aura_curl_set_pointer(
                        library, curl, CURLOPT_POSTFIELDS,
                        UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)))
                ]
            }
            if method != "GET" { codes.append(aura_curl_set_string(library, curl, CURLOPT_CUSTOMREQUEST, method)) }
            guard codes.allSatisfy({ $0 == CURLE_OK }) else {
                return .failure(Failure(reason: "libcurl refused a setting", transient: false))
            }
            let result = curlLibrary.easy_perform(curl)
            guard result == CURLE_OK else {
                let transient = [
                    CURLE_OPERATION_TIMEDOUT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING,
                    CURLE_PARTIAL_FILE, CURLE_COULDNT_CONNECT
                ].contains(result)
                return .failure(Failure(reason: handle.explain(result), transient: transient))
            }
            return .success(Answer(status: aura_curl_response_code(library, curl), body: received.data))
        }
    }
}
