import Foundation

/// Every culture entry in `Content/culture/`, newest first.
public struct CultureLibrary: Sendable {
    public static let folderName = "culture"
    public let entries: [CultureEntry]

    public init(entries: [CultureEntry]) {
        self.entries = entries.sorted { ($0.published, $1.slug) > ($1.published, $0.slug) }
    }

    /// Loads and validates every `*.md` in the culture folder; throws `SourceErrors` listing
    /// every problem in every file. A missing folder is an empty library.
    public static func load(contentDirectory: URL) throws -> CultureLibrary {
        let folder = contentDirectory.appendingPathComponent(folderName)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
            .sorted()
        var entries: [CultureEntry] = []
        var errors: [SourceError] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            let file = ContentFile.displayPath(url)
            let text: String
            do {
                text = try ContentFile.read(url)
            } catch {
                errors.append(error)
                continue
            }
            var parser = CultureEntryParser(file: file)
            switch parser.parse(text, defaultSlug: String(name.dropLast(3))) {
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

    /// Entries related to `entry`: sharing kind, region or tags, the closest first.
    public func related(to entry: CultureEntry, limit: Int = 3) -> [CultureEntry] {
        let scored = entries.filter { $0.slug != entry.slug }.map { other in
            var score = 0
            if other.kind == entry.kind { score += 2 }
            if other.region == entry.region { score += 3 }
            score += Set(other.tags).intersection(entry.tags).count
            if other.energy == entry.energy { score += 1 }
            return (other, score)
        }
        return scored.sorted { ($0.1, $1.0.slug) > ($1.1, $0.0.slug) }.prefix(limit).map(\.0)
    }
}
