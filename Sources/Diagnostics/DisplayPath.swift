import Foundation

/// A path as the person would type it: relative to the working directory when inside it.
/// Every message that names a file names it this way.
public func displayPath(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let cwd = FileManager.default.currentDirectoryPath + "/"
    return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
}
