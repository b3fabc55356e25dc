import Foundation
import Platform

/// One file of the built site: its path under the site root, size and SHA-256.
package struct SiteFile: Sendable, Equatable {
    package let path: String
    package let size: Int
    package let sha256: String

    package init(path: String, size: Int, sha256: String) {
        self.path = path
        self.size = size
        self.sha256 = sha256
    }

    /// Every file under `root` that `include` accepts, by path. Hidden files and folders
    /// (`.git/`, an editor's leftovers) are never the site, but `.well-known/` is.
    package static func scan(_ root: URL, include: (String) -> Bool) throws(DeployError) -> [SiteFile] {
        let base = root.standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeployError("\(base) is not a folder; build the site first (aura build)")
        }
        var files: [SiteFile] = []
        for path in DirectoryWalk.files(under: base) {
            let hidden = path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".well-known" }
            guard !hidden, include(path) else { continue }
            guard let data = FileManager.default.contents(atPath: base + "/" + path) else {
                throw DeployError("\(base)/\(path) could not be read")
            }
            files.append(SiteFile(path: path, size: data.count, sha256: Fingerprint.sha256Hex(data)))
        }
        return files
    }
}
