import Foundation

/// The keys requests to an object store are signed with, found as the AWS tools find them:
/// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`, else the profile
/// `AWS_PROFILE` names (`default` otherwise) in `AWS_SHARED_CREDENTIALS_FILE` or
/// `~/.aws/credentials`. Never from `site.yml`, and never printed: the value has no description.
package struct StoreCredentials: Sendable {
    let accessKey: String
    let secretKey: String
    let sessionToken: String?

    package init(environment: [String: String], home: URL) throws(DeployError) {
        if let key = environment["AWS_ACCESS_KEY_ID"], !key.isEmpty {
            guard let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
                throw DeployError("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
            }
            self.init(accessKey: key, secretKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"])
            return
        }
        let profile = environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let file =
            environment["AWS_SHARED_CREDENTIALS_FILE"].map { URL(fileURLWithPath: $0) }
            ?? home.appendingPathComponent(".aws/credentials")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw DeployError(
                "no credentials for the object store: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
                    + "or give profile '\(profile)' in \(file.path)")
        }
        let values = Self.profile(profile, in: text)
        guard let key = values["aws_access_key_id"], let secret = values["aws_secret_access_key"] else {
            throw DeployError(
                "\(file.path) has no aws_access_key_id and aws_secret_access_key for profile '\(profile)'")
        }
        self.init(accessKey: key, secretKey: secret, sessionToken: values["aws_session_token"])
    }

    init(accessKey: String, secretKey: String, sessionToken: String?) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `key = value` lines of `[name]` in an AWS credentials file (INI; `#` and `;` begin comments).
    static func profile(_ name: String, in text: String) -> [String: String] {
        var values: [String: String] = [:]
        var inside = false
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                inside = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == name
                continue
            }
            guard inside, let equals = line.firstIndex(of: "=") else { continue }
            values[line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()] =
                line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }
}
