/// A page the build knows is as the previous build made it: only other entries' bodies
/// changed since. Its file stands while it bears the stamp that build recorded, so it
/// needs no view model, key or template; a file changed by hand is made again in full.
package struct StandingPage: Sendable {
    /// Where it is in the output folder: `culture/kokoro/index.html`.
    package let outputFile: String
    /// The site's root path (`BaseURL.root`).
    package let root: String

    package init(outputFile: String, root: String) {
        self.outputFile = outputFile
        self.root = root
    }

    /// The public path, such as `/culture/kokoro/`: asked for only by a sitemap made again, so
    /// not made for each of ten thousand pages that stand.
    package var path: String {
        root + outputFile.dropLast(Self.index.count)
    }

    package static let index = "index.html"
}
