import Foundation

/// Where a site is deployed: a bucket of an S3-compatible store (`s3://bucket/prefix`), or
/// anything the system's `rsync` reaches (a local folder, `user@host:path`, `rsync://host/module`).
package enum DeployTarget: Sendable, Equatable {
    case objectStore(ObjectStoreLocation)
    case rsync(String)

    /// Reads a target as `site.yml` or the command line gives it; nil with the reason when it
    /// is none of the accepted forms.
    package static func parse(_ text: String) -> Result<DeployTarget, DeployError> {
        guard !text.isEmpty, !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
            return .failure(DeployError("'\(text)' is not a deploy target"))
        }
        guard text.lowercased().hasPrefix("s3://") else { return .success(.rsync(text)) }
        let rest = text.dropFirst("s3://".count)
        let bucket = rest.prefix { $0 != "/" }
        guard !bucket.isEmpty,
            bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || ".-_".contains($0)) })
        else {
            return .failure(
                DeployError("'\(text)' does not name a bucket; expected s3://bucket or s3://bucket/folder"))
        }
        let prefix = rest.dropFirst(bucket.count).split(separator: "/").joined(separator: "/")
        return .success(.objectStore(ObjectStoreLocation(bucket: String(bucket), prefix: prefix)))
    }

    /// The target as a person writes it, for messages.
    package var display: String {
        switch self {
        case .objectStore(let location): location.display
        case .rsync(let destination): destination
        }
    }
}

/// A folder of a bucket in an S3-compatible store, and how to reach it.
package struct ObjectStoreLocation: Sendable, Equatable {
    package let bucket: String
    /// The folder inside the bucket, without slashes at either end; empty for the whole bucket.
    package let prefix: String
    /// The store's address (MinIO, R2, Ceph …); nil for AWS itself. Given one, requests are
    /// path-style (`endpoint/bucket/key`), which every S3-compatible store understands.
    package var endpoint: URL?
    /// The region requests are signed for; `us-east-1` unless the target or the environment names one.
    package var region: String?

    package init(bucket: String, prefix: String, endpoint: URL? = nil, region: String? = nil) {
        self.bucket = bucket
        self.prefix = prefix
        self.endpoint = endpoint
        self.region = region
    }

    var display: String { "s3://" + bucket + (prefix.isEmpty ? "" : "/" + prefix) }

    /// The key of a file of the site in the bucket.
    func key(_ path: String) -> String { prefix.isEmpty ? path : prefix + "/" + path }
}

extension ObjectStoreLocation {
    /// An endpoint as given (`http://127.0.0.1:9000`, `https://ACCOUNT.r2.cloudflarestorage.com`):
    /// http or https, a host, nothing after the path; nil otherwise.
    package static func endpoint(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil, url.user == nil
        else { return nil }
        return url
    }
}
