import CFileSwap
import Diagnostics
import Foundation
import Platform

/// Where a build writes; nothing changes in the destination before `commit()`, so a failed
/// build leaves the previous site untouched.
///
/// A first build (no destination, or one Aura did not list its files in) writes everything
/// into a staging folder beside the destination and exchanges the two in one
/// `renameat2(RENAME_EXCHANGE)`: at every instant the destination is the whole old site or the
/// whole new one, never missing. A rebuild of a folder Aura built replaces only the files that
/// changed, each atomically by rename, after every page rendered (`InPlaceUpdate`): a killed
/// rebuild leaves whole files, and the next build repairs the rest because their stamps no
/// longer match. Swapping on every build cost about a second at 10,000 entries (walking the
/// old tree for files added by hand, linking every unchanged page, removing the old tree),
/// three times the whole budget of a one-entry rebuild; in place it costs under 0.1 s.
///
/// Files the build did not make — `README.md`, `CNAME`, `.git/`, `.well-known/`, anything
/// under `site.yml` `keep:`, and in a folder Aura built before, anything else added by hand —
/// survive every build. What the build keeps for itself (its lock, the list of the files it
/// wrote, the record of what each page was made from) lives outside the folder
/// (`OutputDirectory.stateFolder`), so the folder holds the site and nothing else.
package struct OutputDirectory: Sendable {
    package let destination: URL
    /// `destination`'s path, to which relative paths are joined as strings.
    private let destinationPath: String
    package let staging: URL
    /// Where this build's record waits until the commit puts it in place.
    private let pendingRecord: URL
    private let lock: FileLock
    private let rules: OutputRules
    private let update: Update

    private enum Update: Sendable {
        /// A whole new site, swapped in; `carried` are the paths (relative to the destination)
        /// to carry into it.
        case swap(carried: [String], tree: StagingTree)
        case inPlace(InPlaceUpdate)
    }

    /// Takes the output's lock (one build per output at a time), removes what killed builds
    /// left, and prepares a fresh staging folder. Refuses a destination holding anything that
    /// Aura did not build and that is not kept, and `keep` paths that leave the folder.
    package init(destination: URL, rules: OutputRules = OutputRules(), onWait: @escaping @Sendable () -> Void = {})
        throws
    {
        self.rules = rules
        self.destination = destination.standardizedFileURL
        destinationPath = self.destination.path
        let state = Self.stateFolder(of: self.destination)
        staging = state.appendingPathComponent("staging-\(getpid())")
        pendingRecord = state.appendingPathComponent("record-\(getpid())")
        let files = FileManager.default
        try files.createDirectory(at: state, withIntermediateDirectories: true)
        lock = try FileLock.exclusive(Self.lockFile(of: self.destination), onWait: onWait)
        do {
            try Self.removeLeftovers(of: self.destination)
            PausePoint.reached("output: leftovers removed")
            // A folder removed by hand is built afresh, whatever its lists say.
            let exists = files.fileExists(atPath: destinationPath)
            let marker =
                exists
                ? Self.listedEntries(at: Self.markerFile(of: self.destination), heading: Self.markerHeading)
                    ?? Self.legacyMarker(in: self.destination) : nil
            let journal =
                exists
                ? Self.listedEntries(at: Self.journalFile(of: self.destination), heading: Self.journalHeading) ?? []
                : []
            // A journal without a marker: a first build killed once its site was in place.
            if marker?.isEmpty == false || !journal.isEmpty {
                update = .inPlace(
                    InPlaceUpdate(
                        destination: self.destination, staging: staging, marker: marker ?? [], journal: journal,
                        rules: rules))
            } else {
                update = .swap(
                    carried: try Self.entriesToCarry(from: self.destination, rules: rules, marker: marker),
                    tree: StagingTree(root: staging))
            }
            guard mkdir(staging.path, PublicModes.folder) == 0, chmod(staging.path, PublicModes.folder) == 0 else {
                throw SiteError(message: "cannot make \(displayPath(staging)): \(String(cString: strerror(errno)))")
            }
        } catch {
            lock.release()
            throw error
        }
    }

    /// Writes `data` at `relativePath`: into the staging folder, or left as it is in place when
    /// a rebuild finds those bytes there; returns the stamp the file will have in the site.
    @discardableResult
    package func write(_ data: Data, to relativePath: String) throws -> FileStamp {
        defer { PausePoint.reached("output: file written or kept") }
        switch update {
        case .inPlace(let inPlace):
            return try inPlace.write(data, to: relativePath)
        case .swap(_, let tree):
            let target = tree.path(of: relativePath)
            let previous = destinationPath + "/" + relativePath
            try tree.place(relativePath)
            if Self.regularFileContents(previous, size: data.count) == data, link(previous, target) == 0 {
                return Self.stamp(target) ?? .missing
            }
            try Self.writeWithoutSync(data, to: target)
            return Self.stamp(target) ?? .missing
        }
    }

    /// Writes the file `pieces` hands over at `relativePath`, into the staging folder, without
    /// comparing it with the file there (see `write`); returns its stamp in the site.
    package func writePieces(_ relativePath: String, _ pieces: SiteOutput.Pieces) throws -> FileStamp {
        let target: String
        switch update {
        case .inPlace(let inPlace):
            target = inPlace.stagedFile(for: relativePath)
        case .swap(_, let tree):
            try tree.place(relativePath)
            target = tree.path(of: relativePath)
        }
        try Self.writeWithoutSync(pieces, to: target)
        PausePoint.reached("output: file written or kept")
        return Self.stamp(target) ?? .missing
    }

    /// Keeps each of the previous build's files at a relative path when its stamp is still the
    /// one given; false for one where there is no such file or it was changed since.
    package func reuse(_ files: [(path: String, stamp: FileStamp)]) -> [Bool] {
        switch update {
        case .inPlace(let inPlace):
            return inPlace.reuse(files)
        case .swap(_, let tree):
            return [Bool](concurrentlyMapping: files.count) { index in
                let (relativePath, expected) = files[index]
                let previous = destinationPath + "/" + relativePath
                return Self.stamp(previous).map { $0 == expected } == true && (try? tree.place(relativePath)) != nil
                    && link(previous, tree.path(of: relativePath)) == 0
            }
        }
    }

    /// The bytes of the regular file at `path` when it holds `size` of them; nil for anything
    /// else, found with one `lstat`: a missing file costs no error, and a link is not followed.
    static func regularFileContents(_ path: String, size: Int) -> Data? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == size else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// The size, inode and modification time (to the nanosecond) of the file at `path`, not
    /// following links; nil when there is none. A link carried forward keeps all three, while
    /// editing a file in place changes its time and replacing it changes its inode, so a
    /// stamp tells a hand-edited file from the one the build wrote with one `lstat` instead of
    /// reading and hashing it (the change time would be stricter, but linking and unlinking
    /// the old site's names change it on every build).
    package static func stamp(_ path: some StringProtocol, in folder: Int32 = AT_FDCWD) -> FileStamp? {
        var status = stat()
        guard path.withCString({ fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return FileStamp(status, withChangeTime: false)
    }

    /// Writes a new file with plain POSIX calls. `Data.write(to:)` syncs each file to disk,
    /// which costs a build of many pages dearly and buys nothing here: a file only becomes
    /// part of the site by a rename or the exchange in `commit()`.
    static func writeWithoutSync(_ data: Data, to path: String) throws {
        try writeWithoutSync({ put in try data.withUnsafeBytes(put) }, to: path)
    }

    /// Writes a new file as `pieces` hands it over (see `writeWithoutSync(_:to:)`), with
    /// `mode` whatever the umask: the site's files are everyone's to read, the build's own
    /// records (`mode` 0600) their owner's.
    static func writeWithoutSync(_ pieces: SiteOutput.Pieces, to path: String, mode: mode_t = PublicModes.file)
        throws
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw SiteError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        fchmod(descriptor, mode)
        try pieces { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SiteError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    /// Writes the build's record (`BuildManifest`), which the commit puts in place once the
    /// site's files are.
    package func writeRecord(_ pieces: SiteOutput.Pieces) throws {
        try Self.writeWithoutSync(pieces, to: pendingRecord.path, mode: 0o600)
    }

    /// Puts the record written, if any, in place of the previous one.
    private func placeRecord() throws {
        guard rename(pendingRecord.path, Self.recordFile(of: destination).path) == 0 || errno == ENOENT else {
            throw SiteError(message: "cannot record the build: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes a copy of the file at `source` at `relativePath` (see `write`).
    package func copy(_ source: URL, to relativePath: String) throws {
        try write(try Data(contentsOf: source), to: relativePath)
    }

    /// Puts the new site in place (see the type's comment), then removes the staging folder
    /// and releases the lock. A file not written by Aura where the build writes is an error,
    /// and the destination stays as it was.
    package func commit() throws {
        defer {
            discardStaging()
            lock.release()
        }
        switch update {
        case .inPlace(let inPlace): try inPlace.commit(placingRecord: placeRecord)
        case .swap(let carried, let tree): try swap(carried: carried, built: tree.files)
        }
    }

    /// Carries the kept files over, swaps the staging folder in for the destination in one step
    /// (the old site then sits in the staging folder), and records what the build wrote. Until
    /// the marker lists the new files, the journal does: a build killed after the swap finds
    /// them Aura's.
    private func swap(carried: [String], built: [String]) throws {
        var built = built
        var clashes = carried.filter { path in built.contains { $0 == path || $0.hasPrefix(path + "/") } }
        // The person's own README.md, CNAME … win over the theme's: the build's copy is left out.
        for path in clashes where Self.alwaysKept.contains(path) {
            try FileManager.default.removeItem(at: staging.appendingPathComponent(path))
            built.removeAll { $0 == path || $0.hasPrefix(path + "/") }
        }
        clashes.removeAll { Self.alwaysKept.contains($0) }
        if let clash = clashes.first { throw Self.clash(clash, in: destination) }
        let entries = rules.markerEntries(built)
        try Self.replaceList(Self.journalFile(of: destination), heading: Self.journalHeading, entries)
        PausePoint.reached("swap: journal written")
        for path in carried {
            try Self.linkTree(destination.appendingPathComponent(path), to: staging.appendingPathComponent(path))
        }
        PausePoint.reached("swap: kept files linked")
        let files = FileManager.default
        if !files.fileExists(atPath: destination.path) {
            try files.moveItem(at: staging, to: destination)
        } else if aura_exchange_paths(staging.path, destination.path) != 0 {
            throw SiteError(
                message:
                    "cannot swap the new site into \(displayPath(destination)): \(String(cString: strerror(errno))); the previous site is untouched"
            )
        }
        PausePoint.reached("swap: exchanged")
        try placeRecord()
        try Self.replaceList(Self.markerFile(of: destination), heading: Self.markerHeading, entries)
        PausePoint.reached("swap: marker written")
        try? files.removeItem(at: Self.journalFile(of: destination))
    }

    /// Removes the staging folder after a failed build and releases the lock.
    package func discard() {
        discardStaging()
        lock.release()
    }

    private func discardStaging() {
        try? FileManager.default.removeItem(at: staging)
        unlink(pendingRecord.path)
    }

    /// What builds that were killed left (staging folders, records and lists not put in place),
    /// and what an older Aura kept beside the folder (its staging folders and lock); safe to
    /// remove under the lock.
    package static func removeLeftovers(of destination: URL) throws {
        let files = FileManager.default
        let state = stateFolder(of: destination)
        for entry in (try? files.contentsOfDirectory(atPath: state.path)) ?? []
        where entry.hasPrefix("staging-") || entry.hasPrefix("record-") || entry.hasPrefix("files-")
            || entry.hasPrefix("pending-")
        {
            try files.removeItem(at: state.appendingPathComponent(entry))
        }
        let parent = destination.standardizedFileURL.deletingLastPathComponent()
        let name = destination.standardizedFileURL.lastPathComponent
        for entry in (try? files.contentsOfDirectory(atPath: parent.path)) ?? []
        where entry.hasPrefix(".\(name).staging-") || entry.hasPrefix(".\(name).previous-") || entry == ".\(name).lock"
        {
            try files.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    /// The marker an older Aura left inside `destination`, with itself and its record listed
    /// too, so that the build takes the folder over and removes both; nil when there is none.
    static func legacyMarker(in destination: URL) -> [String]? {
        listedEntries(at: destination.appendingPathComponent(legacyMarkerName), heading: legacyMarkerHeading).map {
            Array(Set($0 + [legacyMarkerName, legacyRecordName])).sorted()
        }
    }

    /// What in an existing destination the build did not make, as relative paths (whole
    /// folders where nothing inside is the build's), given the files the `marker` of its last
    /// build lists. A folder that Aura did not build may hold only kept entries.
    private static func entriesToCarry(from destination: URL, rules: OutputRules, marker: [String]?) throws
        -> [String]
    {
        let kept = Set(alwaysKept + rules.keep.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: destination.path) else {
            if FileManager.default.fileExists(atPath: destination.path) {
                throw SiteError(message: "\(displayPath(destination)) is a file; expected a folder for the built site")
            }
            return []
        }
        if let marker { return carriedEntries(of: destination, built: Set(marker)) }
        if FileManager.default.fileExists(atPath: destination.appendingPathComponent(legacyMarkerName).path) {
            // An older Aura's marker from before the list of files: everything but the kept entries was built.
            return entries.filter { kept.contains($0) }.sorted()
        }
        let foreign = entries.filter { !kept.contains($0) }.sorted()
        guard foreign.isEmpty else {
            throw SiteError(
                message:
                    "refusing to replace \(displayPath(destination)): it holds \(foreign.prefix(3).joined(separator: ", ")) not made by a build of this site (no record of one in \(displayPath(stateFolder(of: destination)))); choose an empty or new folder, or list what to keep under \(rules.keepSetting)"
            )
        }
        return entries.sorted()
    }

    /// The entries under `root` that are not in `built`: files, and whole folders holding none
    /// of the built files (not descended into, so a large `.git/` costs one entry).
    private static func carriedEntries(of root: URL, built: Set<String>) -> [String] {
        let builtFolders = folders(holding: built)
        var carried: [String] = []
        walk(root) { path, isFolder in
            if isFolder && built.contains(path + "/") { return false }
            if built.contains(path) || builtFolders.contains(path) { return true }
            carried.append(path)
            return false
        }
        return carried.sorted()
    }

    /// Visits every entry under `root` by relative path, not following links; `visit` returns
    /// whether to descend into a folder.
    private static func walk(_ root: URL, _ visit: (_ path: String, _ isFolder: Bool) -> Bool) {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])
        else { return }
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            let isFolder = values?.isDirectory == true && values?.isSymbolicLink != true
            if !visit(String(url.path.dropFirst(prefix.count)), isFolder) && isFolder { walker.skipDescendants() }
        }
    }

    /// Recreates `source` at `target`: folders made, files hard-linked (copied where a link
    /// is refused), symbolic links re-made as links.
    private static func linkTree(_ source: URL, to target: URL) throws {
        let files = FileManager.default
        try PublicModes.makeFolder(target.deletingLastPathComponent().path)
        let attributes = try files.attributesOfItem(atPath: source.path)
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?:
            try PublicModes.makeFolder(target.path)
            for name in try files.contentsOfDirectory(atPath: source.path) {
                try linkTree(source.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
        case .typeSymbolicLink?:
            try files.createSymbolicLink(
                atPath: target.path, withDestinationPath: try files.destinationOfSymbolicLink(atPath: source.path))
        default:
            if link(source.path, target.path) != 0 { try files.copyItem(at: source, to: target) }
        }
    }
}
