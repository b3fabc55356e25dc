/// A page the build knows is as the previous build made it: only other culture entries'
/// bodies changed since. Its file stands while it bears the stamp that build recorded, so it
/// needs no view model, key or template; a file changed by hand is made again in full.
struct StandingPage: Sendable {
    /// The public path, such as `/culture/kokoro/`.
    let path: String
    let outputFile: String
}
