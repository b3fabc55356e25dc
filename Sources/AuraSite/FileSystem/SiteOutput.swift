import Foundation

/// Where one build writes: nothing is visible at the destination until `commit`.
public struct SiteOutput: Sendable {
    /// Writes a file at a path relative to the output folder; returns the written file's stamp.
    let write: @Sendable (Data, String) throws -> String
    /// Carries each of the previous build's files at a relative path into this one unchanged,
    /// without reading it, when its stamp is still the one given (the file is as that build
    /// wrote it); false for one where there is no such file or it has changed since. Files
    /// come in one batch, looked at on every core.
    let reuse: @Sendable (_ files: [(path: String, stamp: Substring)]) -> [Bool]
    /// Replaces the output folder with everything written.
    let commit: @Sendable () throws -> Void
    /// Drops everything written; the output folder stays as it was.
    let discard: @Sendable () -> Void
}
