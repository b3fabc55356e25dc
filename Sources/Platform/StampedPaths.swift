import Foundation

/// Some files' stamps, taken together with one `stat` apiece: while the files are unchanged the
/// value is equal, so whatever was made from them still stands. A file that cannot be stamped
/// (missing) bears `FileStamp.missing`.
public struct StampedPaths: Equatable, Sendable {
    public let paths: [String]
    public let stamps: [FileStamp]

    /// The stamps of `paths` as they are now (with change times: a rename in place is a change).
    public init(_ paths: [String]) {
        self.paths = paths
        stamps = paths.map { FileStamp.ofInput($0) ?? .missing }
    }
}
