import Foundation

/// Where one build writes: nothing is visible at the destination until `commit`.
public struct SiteOutput: Sendable {
    /// Writes a file at a path relative to the output folder.
    let write: @Sendable (Data, String) throws -> Void
    /// Carries the previous build's file at a relative path into this one unchanged, without
    /// reading it; false when there is no such file.
    let reuse: @Sendable (String) -> Bool
    /// Replaces the output folder with everything written.
    let commit: @Sendable () throws -> Void
    /// Drops everything written; the output folder stays as it was.
    let discard: @Sendable () -> Void
}
