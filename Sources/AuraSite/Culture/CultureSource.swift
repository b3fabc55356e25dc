import Foundation
import Platform
import SiteEngine

/// Where a culture entry's text is, and digests of what it was read as: the front matter with
/// the file's name (everything a card or list row shows) and the body. A page's build key uses
/// the digests, so an entry's body is read and rendered only when a page showing it is.
struct CultureSource: Sendable, Equatable {
    /// The file's name in the culture folder (`kokoro.md`).
    let name: String
    /// SHA-256 of the name and the front matter: changes whenever a card of the entry can.
    let metaDigest: SHA256Digest
    /// SHA-256 of the body as read (byte order mark and CR line ends removed).
    let bodyDigest: SHA256Digest

    init(name: String, metaDigest: SHA256Digest, bodyDigest: SHA256Digest) {
        self.name = name
        self.metaDigest = metaDigest
        self.bodyDigest = bodyDigest
    }

    /// The digests of an entry read from `name` whose front matter is `frontMatter`.
    init(name: String, frontMatter: String, body: String) {
        self.init(
            name: name, metaDigest: Fingerprint.sha256(Array((name + "\n" + frontMatter).utf8)),
            bodyDigest: Fingerprint.sha256(Array(body.utf8)))
    }
}
