import Foundation

/// What a build reads, told by the files' stamps rather than their bytes: path, size, inode,
/// and modification and change times, one `stat` per file. The change time cannot be set back
/// by hand (unlike the modification time), so editing a file and restoring its time still
/// changes the digest; reading and hashing 10,000 entries instead would cost about what
/// parsing them does.
struct InputStamps: Sendable {
    /// The digest of every input.
    let digest: String
    /// The digest of every input but the culture entries (`culture/*.md` of the content
    /// folder): equal to the previous build's, a rebuild whose entries kept their front matter
    /// knows every list and every other page is unchanged.
    let besidesCulture: String
    /// Each content file's stamp, by path relative to the content folder.
    let content: [String: String]

    /// The stamps of `content` and `templates` (each walked at any depth, not into linked
    /// folders), with `extra` (the options that change what is built) and this `aura`.
    init(content: URL, templates: URL, extra: String) {
        let head = ["aura-inputs 1", extra, BuildManifest.executableStamp]
        let (contentLines, stamps) = Self.lines(of: content)
        let templateLines = Self.lines(of: templates).lines
        let entryPrefix = "folder \(content.standardizedFileURL.path)/\(CultureLibrary.folderName)/"
        func hash(_ lines: [String]) -> String { Fingerprint.sha256Hex(Array(lines.joined(separator: "\n").utf8)) }
        digest = hash(head + contentLines.map(\.text) + templateLines.map(\.text))
        besidesCulture = hash(head + contentLines.filter { !Self.isEntry($0.path, under: entryPrefix) }.map(\.text)
                              + templateLines.map(\.text))
        self.content = stamps
    }

    private static func isEntry(_ path: String, under prefix: String) -> Bool {
        path.hasPrefix(prefix) && path.hasSuffix(".md") && !path.dropFirst(prefix.count).contains("/")
    }

    /// One line per file, `path stamp`, listed by the folders' own entries and stamped on every
    /// core; with each file's stamp by relative path.
    private static func lines(of folder: URL) -> (lines: [(path: String, text: String)], stamps: [String: String]) {
        let root = folder.standardizedFileURL.path
        let files = DirectoryWalk.files(under: root)
        let stamps = DirectoryWalk.withFolder(root) { folder in
            [String](concurrentlyMapping: files.count) { stamp(ofFile: files[$0], in: folder) ?? "-" }
        }
        let lines = [(path: "folder \(root)/", text: "folder \(root)")]
            + zip(files, stamps).map { (path: "folder \(root)/\($0)", text: "\($0) \($1)") }
        return (lines, Dictionary(uniqueKeysWithValues: zip(files, stamps)))
    }

    /// The stamp of the file at `path` (followed if it is a link); nil when there is none.
    static func stamp(ofFile path: String) -> String? {
        stamp(ofFile: path, in: AT_FDCWD)
    }

    /// The same for `path` relative to the open `folder`.
    static func stamp(ofFile path: String, in folder: Int32) -> String? {
        var status = stat()
        guard fstatat(folder, path, &status, 0) == 0 else { return nil }
        return text(of: status)
    }

    static func text(of status: stat) -> String {
        "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
