import Foundation

/// What the target holds, as the last deploy left it: a SHA-256 and the headers of every file
/// it sent, kept on the target as `.aura-deploy.json`. The next deploy compares the site with
/// it instead of listing the store, so an unchanged file costs no request at all, and a header
/// rule that changed sends its files again.
package struct DeployManifest: Codable, Sendable, Equatable {
    /// The manifest's name at the root of the target.
    package static let name = ".aura-deploy.json"

    package struct Entry: Codable, Sendable, Equatable {
        package var sha256: String
        package var contentType: String
        package var cacheControl: String
        /// A fingerprinted asset the site no longer uses, left for pages a browser or a CDN
        /// still holds; the next deploy deletes it.
        package var retired: Bool?

        package init(sha256: String, contentType: String, cacheControl: String, retired: Bool? = nil) {
            self.sha256 = sha256
            self.contentType = contentType
            self.cacheControl = cacheControl
            self.retired = retired
        }
    }

    package var version = 1
    /// Every file on the target, by its path under the site root.
    package var files: [String: Entry]

    package init(files: [String: Entry] = [:]) {
        self.files = files
    }

    /// The manifest as stored: JSON with sorted keys, so the same site gives the same bytes.
    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain strings and booleans cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads a stored manifest; `source` names it in the error.
    package static func decode(_ data: Data, source: String) throws(DeployError) -> DeployManifest {
        do {
            let manifest = try JSONDecoder().decode(DeployManifest.self, from: data)
            guard manifest.version == 1 else {
                throw DeployError("\(source) is version \(manifest.version); this aura reads version 1")
            }
            return manifest
        } catch let error as DeployError {
            throw error
        } catch {
            throw DeployError("\(source) is not a deploy manifest aura wrote; delete it to deploy every file again")
        }
    }
}
