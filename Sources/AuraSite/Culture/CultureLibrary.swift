import Diagnostics
import Foundation

/// Every culture entry in `Content/culture/`, newest first.
public struct CultureLibrary: Sendable {
    public static let folderName = "culture"
    let entries: [CultureEntry]
    let relatedIndex: RelatedIndex

    init(entries: [CultureEntry]) {
        self.entries = entries.sorted { ($0.published, $1.slug) > ($1.published, $0.slug) }
        relatedIndex = RelatedIndex(entries)
    }

    /// Loads and validates every `*.md` in the culture folder; throws `SourceErrors` listing
    /// every problem in every file. A missing folder is an empty library.
    static func load(contentDirectory: URL, in fileSystem: FileSystem) throws -> CultureLibrary {
        let folder = contentDirectory.appendingPathComponent(folderName)
        let names = fileSystem.names(in: folder, endingWith: ".md")
        let results = [Result<CultureEntry, SourceErrors>](concurrentlyMapping: names.count) { index in
            let url = folder.appendingPathComponent(names[index])
            let text: String
            do throws(SourceError) {
                text = try ContentFile.read(url, in: fileSystem)
            } catch {
                return .failure(SourceErrors(errors: [error]))
            }
            var parser = CultureEntryParser(file: ContentFile.displayPath(url))
            return parser.parse(text, defaultSlug: String(names[index].dropLast(3)))
        }
        var entries: [CultureEntry] = []
        var errors: [SourceError] = []
        for result in results {
            switch result {
            case .success(let entry): entries.append(entry)
            case .failure(let failure): errors += failure.errors
            }
        }
        errors += duplicateSlugErrors(entries)
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return CultureLibrary(entries: entries)
    }

    private static func duplicateSlugErrors(_ entries: [CultureEntry]) -> [SourceError] {
        var first: [String: CultureEntry] = [:]
        var errors: [SourceError] = []
        for entry in entries {
            if let earlier = first[entry.slug] {
                errors.append(SourceError(file: entry.sourceFile, line: 1, column: 1,
                                          message: "duplicate slug '\(entry.slug)': \(earlier.sourceFile) already publishes /culture/\(entry.slug)/; rename one file or set 'slug:'"))
            } else {
                first[entry.slug] = entry
            }
        }
        return errors
    }

    /// Entries related to `entry`, the closest first: sharing the region counts 3, the kind 2,
    /// each tag 1 and the energy 1; ties go to the earlier slug.
    func related(to entry: CultureEntry, limit: Int = 3) -> [CultureEntry] {
        relatedIndex.related(to: entry, limit: limit)
    }
}

/// Entries grouped by everything relatedness looks at (region, kind, energy, tags). Entries
/// with the same signature have the same neighbours, so each group is ranked once against the
/// few hundred others: the work grows with the number of entries, not with its square.
struct RelatedIndex: Sendable {
    struct Signature: Hashable, Sendable {
        let region: String
        let kind: CultureEntry.Kind
        let energy: CultureEntry.Energy
        /// One bit per `CultureEntry.Tag`, in declaration order.
        let tags: UInt8

        init(_ entry: CultureEntry) {
            region = entry.region
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

    /// How many neighbours are ranked per signature: enough for `related`'s default limit
    /// after leaving out the entry itself.
    static let depth = 4

    /// Each group's entries in slug order.
    private let groups: [(signature: Signature, entries: [CultureEntry])]
    /// The closest `depth` entries to each signature, the entry itself possibly among them.
    private let ranked: [Signature: [CultureEntry]]

    init(_ entries: [CultureEntry]) {
        let groups = Dictionary(grouping: entries, by: Signature.init)
            .map { ($0.key, $0.value.sorted { $0.slug < $1.slug }) }
        self.groups = groups
        ranked = Dictionary(uniqueKeysWithValues: groups.map { ($0.0, Self.closest(to: $0.0, count: Self.depth, in: groups)) })
    }

    func related(to entry: CultureEntry, limit: Int) -> [CultureEntry] {
        let signature = Signature(entry)
        let candidates = (limit < Self.depth ? ranked[signature] : nil) ?? Self.closest(to: signature, count: limit + 1, in: groups)
        return Array(candidates.lazy.filter { $0.slug != entry.slug }.prefix(limit))
    }

    /// The `count` entries scoring highest against `signature`, ties to the earlier slug.
    private static func closest(to signature: Signature, count: Int,
                                in groups: [(signature: Signature, entries: [CultureEntry])]) -> [CultureEntry] {
        var tiers = [[CultureEntry]](repeating: [], count: Signature.bestScore + 1)
        for group in groups {
            // Only the first few of a group can make the cut.
            tiers[signature.score(against: group.signature)] += group.entries.prefix(count)
        }
        var picked: [CultureEntry] = []
        for tier in tiers.reversed() where picked.count < count {
            picked += tier.sorted { $0.slug < $1.slug }.prefix(count - picked.count)
        }
        return picked
    }
}
