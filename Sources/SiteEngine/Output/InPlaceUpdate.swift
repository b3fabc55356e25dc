import Diagnostics
import Foundation
import Platform
import Synchronization

/// A rebuild of a folder Aura built before: it replaces only the files that changed, each
/// atomically by `rename`, and only in `commit()`, after every page rendered. No file is
/// linked and no folder made for the unchanged rest, so a rebuild costs what changed.
///
/// - A failed build changes nothing: until `commit()` new bytes wait in the staging folder
///   (beside the destination, so on its file system and a `rename` away), and files whose
///   bytes or stamps did not change are left where they are.
/// - A killed commit leaves whole files: each new file is renamed over the old one. The build
///   record (outside the folder, `OutputDirectory.recordFile`) is renamed in after them, so
///   until it is, files already replaced no longer bear the stamps it lists and the next build
///   renders them again.
/// - The marker lists only files that exist: it is replaced after the new files are in place
///   and before the files this build no longer makes are removed. Files that are Aura's
///   while the marker does not list them (new ones before, retired ones after) are first
///   written to the journal beside the output, which the next build reads (`previous`) and
///   `UnchangedSite` treats as unfinished work.
/// - A reader of the site during the commit (milliseconds) may see old and new pages side by
///   side, unlike a swap; new pages go in first and retired ones leave last, so no link from
///   either dangles.
package final class InPlaceUpdate: Sendable {
    private struct Written {
        /// By relative path, the name of its new bytes in the staging folder.
        package var staged: [String: String] = [:]
        /// Relative paths whose file in the destination is already what this build makes.
        package var kept: Set<String> = []
    }

    private let destination: URL
    /// `destination`'s path, to which relative paths are joined without making a URL for each.
    private let root: String
    /// `destination`, open, for looking up the stamps of its files from it rather than from `/`.
    private let folder: Int32
    private let staging: URL
    /// What the marker in the destination lists.
    private let marker: Set<String>
    /// Every entry that is Aura's: the marker's and the journal's of a killed commit.
    private let previous: Set<String>
    /// The previous entries only a killed commit's journal lists.
    private let killedCommits: Set<String>
    private let written = Mutex(Written())
    /// The stamps the marker's files bore when the folder was taken, by relative path: looked
    /// up in the background while the build loads and assembles the site, so that carrying ten
    /// thousand files over waits for none of their `stat`s. Nil until the lookups are done.
    private let stampsWhenTaken = Mutex<[String: FileStamp]?>(nil)

    private let rules: OutputRules

    package init(destination: URL, staging: URL, marker: [String], journal: [String], rules: OutputRules) {
        self.rules = rules
        self.destination = destination
        root = destination.path
        self.staging = staging
        self.marker = Set(marker)
        killedCommits = Set(journal).subtracting(self.marker)
        previous = self.marker.union(killedCommits)
        folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        written.withLock { $0.kept.reserveCapacity(previous.count) }
        // The build holds the folder's lock from here on: only an edit by hand could change a
        // stamp meanwhile, and a file carried over with a stamp it no longer bears is made
        // again by the next build.
        DispatchQueue.global().async { [self] in
            let stamps = [FileStamp?](concurrentlyMapping: marker.count) {
                OutputDirectory.stamp(marker[$0], in: folder)
            }
            var table = [String: FileStamp](minimumCapacity: marker.count)
            for (path, stamp) in zip(marker, stamps) { table[path] = stamp }
            stampsWhenTaken.withLock { $0 = table }
        }
    }

    deinit {
        if folder >= 0 { close(folder) }
    }

    /// Leaves the destination's file when it is Aura's and holds `data` already; otherwise
    /// writes `data` into the staging folder. Returns the stamp the file will have in place
    /// (a rename keeps size, inode and time).
    package func write(_ data: Data, to relativePath: String) throws -> FileStamp {
        let current = root + "/" + relativePath
        if isPrevious(relativePath),
            OutputDirectory.regularFileContents(current, size: data.count) == data,
            let stamp = OutputDirectory.stamp(current)
        {
            written.withLock { _ = $0.kept.insert(relativePath) }
            return stamp
        }
        let temporary = stagedFile(for: relativePath)
        try OutputDirectory.writeWithoutSync(data, to: temporary)
        return OutputDirectory.stamp(temporary) ?? .missing
    }

    /// The path in the staging folder where the new bytes for `relativePath` go, renamed into
    /// place in `commit()`.
    func stagedFile(for relativePath: String) -> String {
        let name = written.withLock { written in
            written.kept.remove(relativePath)
            if let name = written.staged[relativePath] { return name }
            let name = "\(written.staged.count)"
            written.staged[relativePath] = name
            return name
        }
        return staging.path + "/" + name
    }

    /// Keeps each of the destination's files at a relative path that is Aura's and still bears
    /// the stamp given; false for the others.
    package func reuse(_ files: [(path: String, stamp: FileStamp)]) -> [Bool] {
        let known = stampsWhenTaken.withLock { $0 }
        let kept = [Bool](concurrentlyMapping: files.count) { index in
            let (relativePath, expected) = files[index]
            let stamp = known.flatMap { $0[relativePath] } ?? OutputDirectory.stamp(relativePath, in: folder)
            return isPrevious(relativePath) && stamp.map { $0 == expected } == true
        }
        written.withLock { written in
            for (file, isKept) in zip(files, kept) where isKept { written.kept.insert(file.path) }
        }
        return kept
    }

    /// Moves the new files into place, then the record (`placingRecord`), lists them, and
    /// removes what this build no longer makes. Throws before changing anything when a file not
    /// Aura's stands where the build writes (the person's own `README.md`, `CNAME` … win
    /// instead, and the build's is dropped).
    package func commit(placingRecord: () throws -> Void) throws {
        var staged = written.withLock { $0.staged }
        var built = written.withLock { $0.kept }
        built.formUnion(staged.keys)
        // Most builds have no file in an owned folder: their entries are their files.
        var newEntries =
            built.contains { rules.ownedFolder(of: $0) != nil }
            ? Set(rules.markerEntries(built)) : built
        let journal = OutputDirectory.journalFile(of: destination)
        var listed = marker
        // The common rebuild makes the files the previous one made, some with new bytes: the
        // marker stands, and nothing is in the way or left to remove.
        let sameFiles = killedCommits.isEmpty && newEntries.count == marker.count && newEntries.isSubset(of: marker)
        var retired = Set<String>()
        if !sameFiles {
            let inTheWay = retiredInTheWay(previous.subtracting(newEntries), of: newEntries)
            let previousFolders = OutputDirectory.folders(holding: previous)
            for path in built.filter({ !isPrevious($0) }).sorted() {
                guard let entry = foreignEntry(on: path, inTheWay: inTheWay, previousFolders: previousFolders) else {
                    continue
                }
                guard OutputDirectory.alwaysKept.contains(entry) else {
                    throw OutputDirectory.clash(entry, in: destination)
                }
                staged[path] = nil
                built.remove(path)
                newEntries.remove(path)
            }
            retired = previous.subtracting(newEntries)
            // Aura's files the marker does not list: before it is replaced (new ones, and a killed
            // commit's) and after (the ones this build no longer makes, until removed).
            let unlisted = newEntries.filter { !marker.contains($0) }.union(killedCommits).union(retired)
            if !unlisted.isEmpty {
                try OutputDirectory.replaceList(journal, heading: OutputDirectory.journalHeading, unlisted.sorted())
                PausePoint.reached("commit: journal written")
            }
            try clearTheWay(inTheWay, listed: &listed)
        }
        // New pages first, so a changed page never links to one not there yet; the record last.
        let order = { (path: String) in (self.isPrevious(path) ? 1 : 0, path) }
        for (path, name) in staged.sorted(by: { order($0.key) < order($1.key) }) {
            try move(staging.appendingPathComponent(name), to: path)
            PausePoint.reached("commit: file moved into place")
        }
        try placingRecord()
        PausePoint.reached("commit: record in place")
        if !sameFiles, newEntries != listed {
            try OutputDirectory.replaceList(
                OutputDirectory.markerFile(of: destination), heading: OutputDirectory.markerHeading, newEntries.sorted()
            )
            PausePoint.reached("commit: marker replaced")
        }
        for entry in retired {
            remove(entry)
            PausePoint.reached("commit: retired entry removed")
        }
        for folder in rules.ownedFolders where newEntries.contains(folder) {
            removeUnbuilt(in: folder, built: built)
        }
        PausePoint.reached("commit: all in place")
        try? FileManager.default.removeItem(at: journal)
    }

    /// Removes the retired files `inTheWay` (where a folder now goes, or in a folder where a
    /// file now goes) first, after the marker stops listing them.
    private func clearTheWay(_ inTheWay: Set<String>, listed: inout Set<String>) throws {
        if !inTheWay.isEmpty {
            // Retired files where a folder now goes, or in a folder where a file now goes, leave
            // first; the marker stops listing them before they do.
            listed.subtract(inTheWay)
            try OutputDirectory.replaceList(
                OutputDirectory.markerFile(of: destination), heading: OutputDirectory.markerHeading, listed.sorted())
            for entry in inTheWay { remove(entry) }
        }
    }

    private func isPrevious(_ path: String) -> Bool {
        previous.contains(path) || rules.ownedFolders.contains { path.hasPrefix($0) && previous.contains($0) }
    }

    /// The `retired` entries (previous ones this build no longer makes) that stand where it
    /// puts a file or a folder: a file `a` when `a/b` is new, or `a/b` when `a` is.
    private func retiredInTheWay(_ retired: Set<String>, of entries: Set<String>) -> Set<String> {
        guard !retired.isEmpty else { return [] }
        let folders = OutputDirectory.folders(holding: entries)
        return retired.filter {
            folders.contains($0) || !OutputDirectory.folders(holding: [$0]).isDisjoint(with: entries)
        }
    }

    /// The first entry on the way to `path` that exists and is not Aura's: the file itself, a
    /// file where a folder is needed, or a folder holding none of Aura's files, or a file in
    /// Aura's folder where a file now goes. Nil when the way is free once `inTheWay` is removed.
    /// `previousFolders` are the folders that hold a previous entry.
    private func foreignEntry(on path: String, inTheWay: Set<String>, previousFolders: Set<String>) -> String? {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + component
            var status = stat()
            guard lstat(destination.appendingPathComponent(prefix).path, &status) == 0 else { return nil }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            if prefix != path && isFolder && previousFolders.contains(prefix) { continue }
            if prefix != path && inTheWay.contains(prefix) { return nil }
            guard prefix == path && isFolder && previousFolders.contains(prefix) else { return prefix }
            let root = destination.appendingPathComponent(prefix)
            let inside = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).map {
                prefix + "/" + $0
            }
            return inside.first { !inTheWay.contains($0) && !previousFolders.contains($0) }
        }
        return nil
    }

    /// Renames the staged file over the destination's at `path`, making its folder when missing.
    private func move(_ source: URL, to path: String) throws {
        let target = destination.appendingPathComponent(path)
        if rename(source.path, target.path) == 0 { return }
        guard errno == ENOENT else { throw failure("replace", target) }
        try PublicModes.makeFolder(target.deletingLastPathComponent().path)
        guard rename(source.path, target.path) == 0 else { throw failure("replace", target) }
    }

    /// Removes a retired entry (a file, or an owned folder whole) and the folders it leaves
    /// empty; `rmdir` refuses a folder holding anything, so a hand-added file keeps its folder.
    private func remove(_ entry: String) {
        let url = destination.appendingPathComponent(entry)
        if entry.hasSuffix("/") { try? FileManager.default.removeItem(at: url) } else { unlink(url.path) }
        var folder = url.deletingLastPathComponent()
        while folder.path.count > destination.path.count, rmdir(folder.path) == 0 {
            folder = folder.deletingLastPathComponent()
        }
    }

    /// Removes the files in an owned folder that this build did not write (a secret address
    /// that changed).
    private func removeUnbuilt(in folder: String, built: Set<String>) {
        let root = destination.appendingPathComponent(folder)
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { path in
            var status = stat()
            return lstat(root.appendingPathComponent(path).path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
        }
        for path in files where !built.contains(folder + path) { remove(folder + path) }
    }

    private func failure(_ action: String, _ url: URL) -> SiteError {
        SiteError(message: "cannot \(action) \(displayPath(url)): \(String(cString: strerror(errno)))")
    }
}
