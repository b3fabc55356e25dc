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
        let base = root.standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeployError("\(base.path) is not a folder; build the site first (aura build)")
        }
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw DeployError("\(base.path) could not be read") }
        var files: [SiteFile] = []
        for case let url as URL in walk {
            let path = String(url.path.dropFirst(base.path.count + 1))
            let name = url.lastPathComponent
            if name.hasPrefix(".") && path != ".well-known" {
                walk.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true, include(path)
            else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw DeployError("\(url.path) could not be read")
            }
            files.append(SiteFile(path: path, size: data.count, sha256: Fingerprint.sha256Hex(data)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
