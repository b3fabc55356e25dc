import Foundation
import Platform

/// A folder of a bucket in an S3-compatible store as a deploy target: one PUT per changed file
/// and one DELETE per removed one, four at a time, signed by libcurl.
package struct ObjectStore: DeployStore {
    let location: ObjectStoreLocation
    let signing: StoreRequest.Signing

    /// `environment` gives the region when neither the target nor `--region` does
    /// (`AWS_REGION`, `AWS_DEFAULT_REGION`; `us-east-1` otherwise).
    package init(_ location: ObjectStoreLocation, credentials: StoreCredentials, environment: [String: String]) {
        self.location = location
        let region =
            location.region ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"] ?? "us-east-1"
        signing = StoreRequest.Signing(region: region, credentials: credentials)
    }

    /// Where the store is, for messages.
    var host: String { location.endpoint?.absoluteString ?? "s3.\(signing.region).amazonaws.com" }

    /// The address of a file of the site: path-style under an endpoint, virtual-hosted on AWS.
    func url(of path: String) -> String {
        let key = location.key(path).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? String($0)
        }.joined(separator: "/")
        guard let endpoint = location.endpoint else {
            return "https://\(location.bucket).s3.\(signing.region).amazonaws.com/\(key)"
        }
        let base = endpoint.absoluteString.hasSuffix("/") ? endpoint.absoluteString : endpoint.absoluteString + "/"
        return base + location.bucket + "/" + key
    }

    /// RFC 3986's unreserved characters, the only ones a signed S3 path leaves as they are.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    package func readManifest() throws(DeployError) -> Data? {
        let handle = try Self.handle()
        let answer = try run(
            StoreRequest(method: "GET", url: url(of: DeployManifest.name)), DeployManifest.name, handle)
        switch answer.status {
        case 200: return answer.body
        case 404 where StoreErrorAnswer(answer.body).code != "NoSuchBucket": return nil
        default: throw failure(answer, DeployManifest.name)
        }
    }

    package func send(
        _ uploads: [DeployPlan.Upload], from root: URL, sent: @escaping @Sendable (DeployPlan.Upload) -> Void
    ) throws(DeployError) {
        try TransferPool.run(uploads) { upload, handle throws(DeployError) in
            let file = root.appendingPathComponent(upload.file.path)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw DeployError("could not read \(file.path)")
            }
            let request = StoreRequest(
                method: "PUT", url: url(of: upload.file.path), body: data,
                headers: [("Content-Type", upload.contentType), ("Cache-Control", upload.cacheControl)])
            let answer = try run(request, upload.file.path, handle)
            guard answer.status == 200 else { throw failure(answer, upload.file.path) }
            sent(upload)
        }
    }

    package func delete(_ paths: [String]) throws(DeployError) {
        try TransferPool.run(paths) { path, handle throws(DeployError) in
            let answer = try run(StoreRequest(method: "DELETE", url: url(of: path)), path, handle)
            guard [200, 204, 404].contains(answer.status) else { throw failure(answer, path) }
        }
    }

    package func writeManifest(_ data: Data) throws(DeployError) {
        let request = StoreRequest(
            method: "PUT", url: url(of: DeployManifest.name), body: data,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        let answer = try run(request, DeployManifest.name, try Self.handle())
        guard answer.status == 200 else { throw failure(answer, DeployManifest.name) }
    }

    private static func handle() throws(DeployError) -> CurlHandle {
        do {
            return try CurlHandle()
        } catch {
            throw DeployError("\(error)")
        }
    }

    /// The answer to `request`, or why none came, naming `path`.
    private func run(_ request: StoreRequest, _ path: String, _ handle: CurlHandle) throws(DeployError)
        -> StoreRequest.Answer
    {
        switch request.perform(on: handle, signing: signing) {
        case .success(let answer): return answer
        case .failure(let failure):
            throw DeployError("\(path): could not reach \(host): \(failure.reason)")
        }
    }

    /// What a refusal means, in one line that names the file (and never the keys).
    private func failure(_ answer: StoreRequest.Answer, _ path: String) -> DeployError {
        let error = StoreErrorAnswer(answer.body)
        let detail = error.code.isEmpty ? "HTTP \(answer.status)" : error.code
        switch error.code {
        case "NoSuchBucket":
            return DeployError("bucket '\(location.bucket)' does not exist at \(host)")
        case "InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "ExpiredToken", "AccessDenied",
            "InvalidClientTokenId":
            return DeployError("\(host) refused the credentials (\(detail)) for \(path)")
        default:
            if answer.status == 403 { return DeployError("\(host) refused the credentials (\(detail)) for \(path)") }
            return DeployError(
                "\(path): \(host) answered \(detail)" + (error.message.isEmpty ? "" : ": \(error.message)"))
        }
    }
}
