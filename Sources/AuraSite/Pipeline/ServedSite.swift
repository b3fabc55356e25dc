import SiteEngine
import Synchronization

/// A site built in memory for `aura serve`: the files it keeps and its pages ready to render
/// again with a session.
public struct ServedSite: Sendable {
    /// Which build this is: a new number for every build of any site in this process, so
    /// what was made from one build is known stale once another replaces it.
    public let generation: UInt64 = ServedSite.builds.add(1, ordering: .relaxed).newValue

    private static let builds = Atomic<UInt64>(0)

    public typealias File = MemorySite.File

    /// The pages, ready to render with a session.
    public let live: LiveSite
    /// The files, by path under the site root without a leading slash.
    let files: MemorySite
    /// The culture library the build loaded, for the next build to take unchanged entries from.
    let culture: CultureLibrary

    /// The file at `path` (`culture/index.html`); nil when the site keeps none there.
    public func file(at path: String) -> File? { files.file(at: path) }

    /// Whether `path` (`culture`, `culture/`) is a folder holding files.
    public func isFolder(_ path: String) -> Bool { files.isFolder(path) }
}
