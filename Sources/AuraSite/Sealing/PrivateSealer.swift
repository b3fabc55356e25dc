import Foundation
import Platform
import SiteEngine

/// Seals the personal files of one build. A file whose plaintext is what the previous build
/// sealed at the same path, under the same key, keeps the previous bytes (and so its nonce);
/// any other file gets a fresh random nonce, so a nonce never meets changed bytes.
struct PrivateSealer: Sendable {
    let header: PrivateHeader
    let key: PrivateKey
    /// The previous build's file at a path under the output folder, if any.
    let previous: @Sendable (String) -> Data?

    /// The aggregate calendar's path: a folder named by a secret only the key can make, since
    /// a calendar app cannot decrypt and the URL is all that protects the feed.
    var calendarPath: String {
        PrivateSite.calendarFolder + Base64URL.encode(Array(key.secret(for: "aura calendar v1").prefix(18)))
            + "/aura.ics"
    }

    func seal(_ plaintext: Data, path: String) throws -> Data {
        if let old = previous(path + SealedFile.suffix), SealedFile.open(old, path: path, key: key) == plaintext {
            return old
        }
        return try SealedFile.seal(plaintext, path: path, key: key)
    }

    /// `output` with every personal file sealed on its way in: `x` is written as `x.enc`, and
    /// a page also gets `shell` (the locked page) at its own path.
    func sealing(_ output: SiteOutput, shell: Data) -> SiteOutput {
        let write: @Sendable (Data, String) throws -> FileStamp = { data, path in
            guard PersonalPaths.contains(path) else { return try output.write(data, path) }
            let sealed = try output.write(try seal(data, path: path), path + SealedFile.suffix)
            return path.hasSuffix(".html") ? try output.write(shell, path) : sealed
        }
        return SiteOutput(
            write: write,
            writePieces: { path, pieces in
                guard PersonalPaths.contains(path) else { return try output.writePieces(path, pieces) }
                return try write(SiteOutput.gathered(pieces), path)
            },
            writeRecord: output.writeRecord,
            // A personal file always goes through sealing: the previous build's copy may be under an old key.
            reuse: { files in
                let sealed = files.map { PersonalPaths.contains($0.path) }
                var carried = output.reuse(zip(files, sealed).filter { !$1 }.map(\.0)).makeIterator()
                return sealed.map { $0 ? false : carried.next()! }
            },
            commit: output.commit, discard: output.discard)
    }
}
