import Diagnostics
import Foundation
import Platform
import SiteEngine
import Synchronization

/// Every culture entry in `Content/culture/`, newest first.
public struct CultureLibrary: Sendable {
    public static let folderName = "culture"

    /// How an entry was loaded: its file's stamp when read (nil where files bear none), and
    /// whether it was taken from the previous build's cache unread.
    struct Loaded: Sendable {
        let stamp: FileStamp?
        let fromCache: Bool
    }

    /// The library's parts, held once: every entry's page keeps the library to render later,
    /// and a copy of one reference costs far less than a copy of each part.
    private final class Shared: Sendable {
        let entries: [CultureEntry]
        let relatedIndex: RelatedIndex
        let folder: URL
        let fileSystem: FileSystem
        let loaded: [Loaded]

        init(entries: [CultureEntry], folder: URL, fileSystem: FileSystem, loaded: [Loaded]) {
            self.entries = entries
            relatedIndex = RelatedIndex(entries)
            self.folder = folder
            self.fileSystem = fileSystem
            self.loaded = loaded
        }
    }

    private let shared: Shared
    var entries: [CultureEntry] { shared.entries }
    /// Where the entries' files are, to read a body when a page shows it.
    private var folder: URL { shared.folder }
    private var fileSystem: FileSystem { shared.fileSystem }
    /// How each of `entries` was loaded, in the same order; empty for a library made in memory.
    var loaded: [Loaded] { shared.loaded }

    /// `loaded` says how each of `entries` was loaded, when it was; `likelyOrder`, the indices
    /// of `entries` in an order they may already be in, is taken when they are.
    init(
        entries: [CultureEntry], folder: URL = URL(fileURLWithPath: "/"), fileSystem: FileSystem = .disk,
        loaded: [Loaded] = [],
        likelyOrder: [Int]? = nil
    ) {
        // Sorted by keys taken out first: ten thousand entries take a hundred thousand comparisons.
        let (published, slugs) = (entries.map(\.published), entries.map(\.slug))
        let precedes = { (first: Int, second: Int) in
            (published[first], slugs[second]) > (published[second], slugs[first])
        }
        var order = likelyOrder ?? []
        if order.count != entries.count || zip(order, order.dropFirst()).contains(where: { !precedes($0, $1) }) {
            order = entries.indices.sorted(by: precedes)
        }
        shared = Shared(
            entries: order.map { entries[$0] }, folder: folder, fileSystem: fileSystem,
            loaded: loaded.isEmpty ? [] : order.map { loaded[$0] })
    }

    /// Loads and validates every `*.md` in the culture folder; throws `SourceErrors` listing
    /// every problem in every file. A missing folder is an empty library. A file that still
    /// bears the stamp `cache` recorded for it is not read: the cached entry is taken. `listed`
    /// are the folder's files and their stamps when already taken (`InputStamps.files`).
    static func load(
        contentDirectory: URL, in fileSystem: FileSystem, reusing cache: CultureCache = CultureCache(),
        listed: [(name: String, stamp: FileStamp)]? = nil
    ) throws -> CultureLibrary {
        let folder = contentDirectory.appendingPathComponent(folderName)
        let names = listed?.map(\.name) ?? fileSystem.names(in: folder, endingWith: ".md")
        let folderPath = folder.path + "/"
        let shownFolder = ContentFile.displayPrefix(of: folder)
        typealias Taken = (
            stamp: FileStamp?, fromCache: Bool, position: Int?, entry: Result<CultureEntry, SourceErrors>
        )
        let results = [Taken](concurrentlyMapping: names.count) { index in
            // Stamped before reading: a file changed meanwhile is read again by the next build.
            let stamp = listed.map { $0[index].stamp } ?? fileSystem.stamp(folderPath + names[index])
            if let stamp, let cached = cache.entry(named: names[index], stamp: stamp) {
                return (stamp, true, cached.position, .success(cached.entry))
            }
            let url = folder.appending(path: names[index], directoryHint: .notDirectory)
            let text: String
            do throws(SourceError) {
                text = try ContentFile.read(url, in: fileSystem)
            } catch {
                return (nil, false, nil, .failure(SourceErrors(errors: [error])))
            }
            var parser = CultureEntryParser(folder: shownFolder, fileName: names[index])
            return (stamp, false, cache.position(of: names[index]), parser.parse(text))
        }
        var entries: [CultureEntry] = []
        var loaded: [Loaded] = []
        var positions: [Int?] = []
        entries.reserveCapacity(results.count)
        loaded.reserveCapacity(results.count)
        positions.reserveCapacity(results.count)
        var errors: [SourceError] = []
        for result in results {
            switch result.entry {
            case .success(let entry):
                entries.append(entry)
                loaded.append(Loaded(stamp: result.stamp, fromCache: result.fromCache))
                positions.append(result.position)
            case .failure(let failure): errors += failure.errors
            }
        }
        errors += duplicateSlugErrors(entries)
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        // A rebuild's entries are most often still in the order the previous build left them.
        return CultureLibrary(
            entries: entries, folder: folder, fileSystem: fileSystem, loaded: loaded,
            likelyOrder: cache.order(of: positions))
    }

    /// `entry`'s body as HTML, read again from its file. Throws when the file no longer holds
    /// the body it was loaded with: the site would otherwise mix two versions of it.
    func bodyHTML(of entry: CultureEntry) throws -> String {
        // Not `appendingPathComponent`, which asks the file system whether the name is a folder.
        let url = folder.appending(path: entry.fileName, directoryHint: .notDirectory)
        let changed = SourceError(
            file: entry.sourceFile, line: 1, column: 1,
            message: "changed while the site was being built; build again to publish the new text")
        guard let text = try? fileSystem.text(at: url) else { throw changed }
        let body = try FrontMatterParts(text: text, file: entry.sourceFile).body
        guard Fingerprint.sha256(Array(body.utf8)) == entry.source.bodyDigest else { throw changed }
        return Markdown.html(body)
    }

    private static func duplicateSlugErrors(_ entries: [CultureEntry]) -> [SourceError] {
        var slugs = Set<String>(minimumCapacity: entries.count)
        guard !entries.allSatisfy({ slugs.insert($0.slug).inserted }) else { return [] }
        var first: [String: CultureEntry] = [:]
        var errors: [SourceError] = []
        for entry in entries {
            if let earlier = first[entry.slug] {
                errors.append(
                    SourceError(
                        file: entry.sourceFile, line: 1, column: 1,
                        message:
                            "duplicate slug '\(entry.slug)': \(earlier.sourceFile) already publishes /culture/\(entry.slug)/; rename one file or set 'slug:'"
                    ))
            } else {
                first[entry.slug] = entry
            }
        }
        return errors
    }

    /// Entries related to `entry`, the closest first: sharing the region counts 3, the kind 2,
    /// each tag 1 and the energy 1; ties go to the earlier slug.
    func related(to entry: CultureEntry, limit: Int = 3) -> [CultureEntry] {
        shared.relatedIndex.related(to: entry, limit: limit)
    }
}

/// Entries grouped by everything relatedness looks at (region, kind, energy, tags). Entries
/// with the same signature have the same neighbours, so each group is ranked once against the
/// few hundred others: the work grows with the number of entries, not with its square. The
/// groups are made, and each signature ranked, only when a page first asks: a rebuild that
/// renders one entry's page ranks one signature.
final class RelatedIndex: Sendable {
    struct Signature: Hashable, Sendable {
        /// The region's place in `CultureEntry.regions`: ranking compares it a million times at
        /// 10,000 entries, and integers compare faster than names.
        let region: Int
        let kind: CultureEntry.Kind
        let energy: CultureEntry.Energy
        /// One bit per `CultureEntry.Tag`, in declaration order.
        let tags: UInt8

        init(_ entry: CultureEntry) {
            region = CultureEntry.regions.firstIndex(of: entry.region) ?? -1
            kind = entry.kind
            energy = entry.energy
            tags = entry.tags.reduce(0) { $0 | 1 << CultureEntry.Tag.allCases.firstIndex(of: $1)! }
        }

        static let bestScore = 3 + 2 + CultureEntry.Tag.allCases.count + 1

        func score(against other: Signature) -> Int {
            (region == other.region ? 3 : 0) + (kind == other.kind ? 2 : 0)
                + (tags & other.tags).nonzeroBitCount + (energy == other.energy ? 1 : 0)
        }
    }

    /// The groups, and each entry's place in slug order (its rank), by which ties are broken:
    /// ranks compare without making each entry's slug again.
    private struct Groups: Sendable {
        let groups: [(signature: Signature, members: [Int])]
        let slugRanks: [Int32]
    }

    /// How many neighbours are ranked per signature: enough for `related`'s default limit
    /// after leaving out the entry itself.
    static let depth = 4

    private let entries: [CultureEntry]
    /// Each group's members (as indices into `entries`) in slug order, once made.
    private let groups = Mutex<Groups?>(nil)
    /// The closest `depth` entries to each signature ranked so far, the entry itself possibly
    /// among them.
    private let ranked = Mutex<[Signature: [Int]]>([:])

    init(_ entries: [CultureEntry]) {
        self.entries = entries
    }

    func related(to entry: CultureEntry, limit: Int) -> [CultureEntry] {
        let signature = Signature(entry)
        let candidates: [Int]
        if limit < Self.depth, let known = ranked.withLock({ $0[signature] }) {
            candidates = known
        } else {
            candidates = Self.closest(to: signature, count: max(limit + 1, Self.depth), in: madeGroups())
            if limit < Self.depth { ranked.withLock { $0[signature] = candidates } }
        }
        return candidates.lazy.map { self.entries[$0] }.filter { $0.slug != entry.slug }.prefix(limit).map { $0 }
    }

    private func madeGroups() -> Groups {
        groups.withLock { groups in
            if let groups { return groups }
            let entries = self.entries
            let slugs = entries.map(\.slug)
            var slugRanks = [Int32](repeating: 0, count: entries.count)
            for (rank, index) in entries.indices.sorted(by: { slugs[$0] < slugs[$1] }).enumerated() {
                slugRanks[index] = Int32(rank)
            }
            let made = Groups(
                groups: Dictionary(grouping: entries.indices, by: { Signature(entries[$0]) })
                    .map { ($0.key, $0.value.sorted { slugRanks[$0] < slugRanks[$1] }) },
                slugRanks: slugRanks)
            groups = made
            return made
        }
    }

    /// The `count` entries scoring highest against `signature`, ties to the earlier slug.
    private static func closest(to signature: Signature, count: Int, in groups: Groups) -> [Int] {
        var tiers = [[Int]](repeating: [], count: Signature.bestScore + 1)
        for group in groups.groups {
            // Only the first few of a group can make the cut.
            tiers[signature.score(against: group.signature)] += group.members.prefix(count)
        }
        var picked: [Int] = []
        for tier in tiers.reversed() where picked.count < count {
            picked += tier.sorted { groups.slugRanks[$0] < groups.slugRanks[$1] }.prefix(count - picked.count)
        }
        return picked
    }
}
