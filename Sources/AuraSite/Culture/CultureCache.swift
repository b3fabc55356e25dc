import Foundation

/// The culture entries the previous build read, kept in its build record: per file name, the
/// stamp the file bore and everything the entry was read as but its body. A rebuild takes an
/// entry whose file still bears that stamp as it is, without reading or parsing the file.
/// Only a line's stamp and name are read up front; the rest when the entry is taken.
struct CultureCache: Sendable {
    private struct Item: Sendable {
        let stamp: String
        /// The line it was read from (a slice of the record's text), written again as it is.
        let line: Substring
    }

    /// The first field of every record line.
    static let lineTag = "entry"

    private static let knownRegions = Set(CultureEntry.regions)

    private var items: [String: Item] = [:]
    /// Prefixed to an entry's file name in messages.
    private var folder = ""

    init() {}

    /// The names of `library`'s entries whose body alone changed since this cache was made;
    /// nil when this cache is empty, an entry was added or removed, or any front matter changed.
    func bodyEdits(in library: CultureLibrary) -> Set<String>? {
        guard !items.isEmpty, library.entries.count == items.count, library.loaded.count == items.count else { return nil }
        var edited = Set<String>()
        for (entry, loaded) in zip(library.entries, library.loaded) {
            // An entry taken from this cache is what the previous build read.
            if loaded.cachedLine != nil { continue }
            guard let item = items[entry.source.name], let cached = Self.entry(item.line, folder: folder),
                  cached.source.metaDigest == entry.source.metaDigest else { return nil }
            if cached.source.bodyDigest != entry.source.bodyDigest { edited.insert(entry.source.name) }
        }
        return edited
    }

    /// The entry read from `name` when its file bore `stamp`, and the line it is kept in.
    func entry(named name: String, stamp: String) -> (entry: CultureEntry, line: Substring)? {
        guard let item = items[name], item.stamp == stamp, let entry = Self.entry(item.line, folder: folder) else { return nil }
        return (entry, item.line)
    }

    /// The cache that `lines` (as `lines(of:)` made them) hold, its entries naming
    /// `folder` + their file name in messages; a line this version did not write is passed
    /// over, which only costs reading that file again.
    init(lines: [Substring], folder: String) {
        self.folder = folder
        items.reserveCapacity(lines.count)
        for line in lines {
            let head = RecordText.strings(line, separatedBy: 0x09, first: 3)
            if head.count == 3, head[0] == Self.lineTag {
                items[Self.unescaped(head[2])] = Item(stamp: Self.unescaped(head[1]), line: line)
            }
        }
    }

    private static func entry(_ line: Substring, folder: String) -> CultureEntry? {
        var values = RecordText.strings(line, separatedBy: 0x09)
        values.removeFirst()
        // Most lines hold nothing escaped; one look at the line spares a look at each field.
        if RecordText.contains(0x5C, in: line) { values = values.map(unescaped) }
        // The record sits in the published folder: a line whose values the parser would refuse
        // (a slug is a folder of the site) is read from its file again.
        guard values.count == 18, let kind = CultureEntry.Kind(rawValue: values[7]),
              let energy = CultureEntry.Energy(rawValue: values[12]), knownRegions.contains(values[8]),
              CultureEntryParser.isUsable(slug: values[4]) else { return nil }
        let tagNames = RecordText.strings(Substring(values[11]), separatedBy: 0x2C)
        let tags = tagNames.compactMap(CultureEntry.Tag.init(rawValue:))
        guard tags.count == tagNames.count, tags.indices.allSatisfy({ !tags[..<$0].contains(tags[$0]) }) else { return nil }
        let source = CultureSource(name: values[1], metaDigest: values[2], bodyDigest: values[3])
        return CultureEntry(
            slug: values[4], sourceFile: folder + values[1], title: values[5], creator: values[6], kind: kind, region: values[8],
            country: values[9], year: values[10], tags: tags, energy: energy, length: values[13],
            venue: optional(values[14]), link: optional(values[15]), summary: values[16], published: values[17], source: source)
    }

    /// The cache of `library`, whose files bore the stamps it was loaded with, as the lines
    /// `init(lines:folder:)` reads, in the library's order: the lines of entries taken from the
    /// previous build's cache as they were, and new ones for the entries read from their files.
    static func lines(of library: CultureLibrary) -> [Substring] {
        zip(library.entries, library.loaded).compactMap { entry, loaded in
            if let kept = loaded.cachedLine { return kept }
            guard let stamp = loaded.stamp else { return nil }
            let fields = [stamp, entry.source.name, entry.source.metaDigest, entry.source.bodyDigest, entry.slug, entry.title,
                          entry.creator, entry.kind.rawValue, entry.region, entry.country, entry.year,
                          entry.tags.map(\.rawValue).joined(separator: ","), entry.energy.rawValue, entry.length,
                          entry.venue.map { "+" + $0 } ?? "-", entry.link.map { "+" + $0 } ?? "-",
                          entry.summary, entry.published]
            return Substring(([Self.lineTag] + fields.map(Self.escaped)).joined(separator: "\t"))
        }
    }

    private static func optional(_ field: String) -> String? {
        field.hasPrefix("+") ? String(field.dropFirst()) : nil
    }

    /// Tabs, line breaks and backslashes as `\t`, `\n`, `\r` and `\\`.
    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C }) else { return text }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    private static func unescaped(_ field: String) -> String {
        guard RecordText.contains(0x5C, in: Substring(field)) else { return field }
        var out = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
