import Foundation

/// Where one build writes: nothing is visible at the destination until `commit`.
public struct SiteOutput: Sendable {
    /// Writes a file at a path relative to the output folder; returns the written file's stamp.
    let write: @Sendable (Data, String) throws -> String
    /// Carries the previous build's file at a relative path into this one unchanged, without
    /// reading it, when its stamp is still the one given (the file is as that build wrote
    /// it); returns the stamp, or nil when there is no such file or it has changed since.
    let reuse: @Sendable (_ path: String, _ stamp: String) -> String?
    /// Replaces the output folder with everything written.
    let commit: @Sendable () throws -> Void
    /// Drops everything written; the output folder stays as it was.
    let discard: @Sendable () -> Void
}
