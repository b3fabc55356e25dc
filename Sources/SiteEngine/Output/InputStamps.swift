import Foundation
import Platform

/// What a build reads, told by the files' stamps rather than their bytes: path, size, inode,
/// and modification and change times, one `stat` per file. The change time cannot be set back
/// by hand (unlike the modification time), so editing a file and restoring its time still
/// changes the digest; reading and hashing 10,000 entries instead would cost about what
/// parsing them does.
package struct InputStamps: Sendable {
    /// One folder's files, by relative path, and their stamps (`FileStamp.missing` for one gone meanwhile).
    private struct Folder: Sendable {
        let root: String
        let files: [String]
        let stamps: [FileStamp]

        /// Listed by the folder's own entries, then stamped on every core, each looked up
        /// from the open folder.
        init(_ url: URL) {
            root = url.standardizedFileURL.path
            let files = DirectoryWalk.files(under: root)
            self.files = files
            stamps = DirectoryWalk.withFolder(root) { folder in
                [FileStamp](concurrentlyMapping: files.count) {
                    FileStamp.ofInput(files[$0], in: folder) ?? .missing
                }
            }
        }

        func feed(_ stream: Fingerprint.Stream, leavingOut: (String) -> Bool = { _ in false }) {
            stream.update("folder \(root)\n")
            for (file, stamp) in zip(files, stamps) where !leavingOut(file) {
                stream.update(file)
                stream.update(" ")
                stream.update(stamp.bytes)
                stream.update("\n")
            }
        }
    }

    private let head: String
    private let content: Folder
    private let templates: Folder
    /// Folders the settings name besides (the docs section's).
    private let others: [Folder]
    /// The digest of every input.
    package let digest: String

    /// The stamps of `content`, `templates` and `others` (each walked at any depth, not into
    /// linked folders), with `extra` (the options that change what is built) and this executable.
    package init(content: URL, templates: URL, others: [URL] = [], extra: String) {
        head = "inputs 3\n\(extra)\n\(BuildManifest.executableStamp)\n"
        self.content = Folder(content)
        self.templates = Folder(templates)
        self.others = others.map(Folder.init)
        digest = Self.digest(head, self.content, [self.templates] + self.others)
    }

    private static func digest(
        _ head: String, _ content: Folder, _ folders: [Folder],
        leavingOut: (String) -> Bool = { _ in false }
    ) -> String {
        let stream = Fingerprint.Stream()
        stream.update(head)
        content.feed(stream, leavingOut: leavingOut)
        for folder in folders { folder.feed(stream) }
        return stream.hex()
    }

    /// The digest of every input but the entries (`<entryFolder>/*.md` of the content
    /// folder): equal to the previous build's, a rebuild whose entries kept their front matter
    /// knows every list and every other page is unchanged.
    func besides(entryFolder: String) -> String {
        let prefix = entryFolder + "/"
        return Self.digest(head, content, [templates] + others) { path in
            path.hasPrefix(prefix) && path.hasSuffix(".md") && !path.utf8.dropFirst(prefix.utf8.count).contains(0x2F)
        }
    }

    /// The files directly in the content folder's `folder` whose names end in `suffix` and do
    /// not start with a dot (as `FileSystem.names` lists them), with their stamps, in name
    /// order; nil when the walk met no such files (the folder may be a link, which it does not
    /// follow).
    func files(in folder: String, endingWith suffix: String) -> [(name: String, stamp: FileStamp)]? {
        let prefix = folder + "/"
        var listed: [(name: String, stamp: FileStamp)] = []
        for (file, stamp) in zip(content.files, content.stamps) where file.hasPrefix(prefix) {
            let name = String(file.utf8.dropFirst(prefix.utf8.count))!
            if !name.utf8.contains(0x2F), name.hasSuffix(suffix), !name.hasPrefix(".") { listed.append((name, stamp)) }
        }
        return listed.isEmpty ? nil : listed
    }
}
