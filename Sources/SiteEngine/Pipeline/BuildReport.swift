import Foundation

/// Where a site's folders are: what a build reads and where it writes.
package struct SiteSources: Sendable {
    package var contentDirectory: URL
    package var templatesDirectory: URL
    package var outputDirectory: URL
    /// Replaces the settings' base URL, e.g. for a preview at another address.
    package var baseURL: URL?
    /// Where every folder above is: the disk, or memory in tests.
    package var fileSystem: FileSystem

    package init(
        contentDirectory: URL, templatesDirectory: URL, outputDirectory: URL, baseURL: URL?, fileSystem: FileSystem
    ) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.fileSystem = fileSystem
    }
}

/// What a finished build produced.
public struct BuildReport: Sendable {
    public let pageCount: Int
    public let fileCount: Int
    /// What the person who runs the build should know about what it published, one line each.
    public let notices: [String]

    package init(pageCount: Int, fileCount: Int, notices: [String]) {
        self.pageCount = pageCount
        self.fileCount = fileCount
        self.notices = notices
    }
}

/// Where a running build is, for progress display.
public enum BuildProgress: Sendable {
    case stage(number: Int, of: Int, name: String)
    case pages(rendered: Int, of: Int)
}

/// A failure inside a named build step.
public struct BuildError: Error, CustomStringConvertible, Sendable {
    public let step: String
    let underlying: any Error

    /// Each problem on its own line; a content error may hold several.
    public var problems: [String] { problemLines(underlying) }

    public var description: String { (problems + ["(while: \(step.lowercased()))"]).joined(separator: "\n") }
}
