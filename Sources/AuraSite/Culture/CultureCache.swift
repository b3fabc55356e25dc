import Foundation

/// The culture entries the previous build read, kept in its build record: per file name, the
/// stamp the file bore and everything the entry was read as but its body. A rebuild takes an
/// entry whose file still bears that stamp as it is, without reading or parsing the file.
struct CultureCache: Sendable {
    private struct Item: Sendable {
        let stamp: String
        let entry: CultureEntry
        /// The line it was read from (a slice of the record's text), written again as it is.
        var line: Substring?
    }

    /// The first field of every record line.
    static let lineTag = "entry"

    private static let knownRegions = Set(CultureEntry.regions)

    private var items: [String: Item] = [:]

    init() {}

    /// The cache of `library`, whose files bore the stamps it was loaded with; the lines of
    /// entries taken from `previous` are kept as they were.
    init(_ library: CultureLibrary, previous: CultureCache) {
        for entry in library.entries {
            guard let stamp = library.stamps[entry.source.name] else { continue }
            let kept = previous.items[entry.source.name].flatMap { $0.stamp == stamp ? $0.line : nil }
            items[entry.source.name] = Item(stamp: stamp, entry: entry, line: kept)
        }
    }

    /// The names of `library`'s entries whose body alone changed since this cache was made;
    /// nil when this cache is empty, an entry was added or removed, or any front matter changed.
    func bodyEdits(in library: CultureLibrary) -> Set<String>? {
        guard !items.isEmpty, library.entries.count == items.count else { return nil }
        var edited = Set<String>()
        for entry in library.entries {
            guard let item = items[entry.source.name], item.entry.source.metaDigest == entry.source.metaDigest else { return nil }
            if item.entry.source.bodyDigest != entry.source.bodyDigest { edited.insert(entry.source.name) }
        }
        return edited
    }

    /// The entry read from `name` when its file bore `stamp`.
    func entry(named name: String, stamp: String) -> CultureEntry? {
        guard let item = items[name], item.stamp == stamp else { return nil }
        return item.entry
    }

    /// The cache that `text` (as `text` wrote it) holds, read on every core, its entries naming
    /// `folder` + their file name in messages; a line this version did not write is passed
    /// over, which only costs reading that file again.
    init(text: String, folder: String) {
        let lines = text.utf8.split(separator: 0x0A).map { Substring($0) }
        let read = [(name: String, item: Item)?](concurrentlyMapping: lines.count) { Self.item(lines[$0], folder: folder) }
        for case let (name, item)? in read { items[name] = item }
    }

    private static func item(_ line: Substring, folder: String) -> (name: String, item: Item)? {
        let values = line.utf8.withContiguousStorageIfAvailable(fields) ?? Array(line.utf8).withUnsafeBufferPointer(fields)
        // The record sits in the published folder: a line whose values the parser would refuse
        // (a slug is a folder of the site) is read from its file again.
        guard values.count == 18, let kind = CultureEntry.Kind(rawValue: values[7]),
              let energy = CultureEntry.Energy(rawValue: values[12]), knownRegions.contains(values[8]),
              CultureEntryParser.isUsable(slug: values[4]) else { return nil }
        let tagNames = values[11].split(separator: ",")
        let tags = tagNames.compactMap { CultureEntry.Tag(rawValue: String($0)) }
        guard tags.count == tagNames.count else { return nil }
        let source = CultureSource(name: values[1], metaDigest: values[2], bodyDigest: values[3])
        return (values[1], Item(stamp: values[0], entry: CultureEntry(
            slug: values[4], sourceFile: folder + values[1], title: values[5], creator: values[6], kind: kind, region: values[8],
            country: values[9], year: values[10], tags: tags, energy: energy, length: values[13],
            venue: optional(values[14]), link: optional(values[15]), summary: values[16], published: values[17], source: source),
            line: line))
    }

    /// One line per entry, sorted by file name, each ending in a line break.
    var text: String {
        var text = ""
        text.reserveCapacity(items.count * 512)
        for (name, item) in items.sorted(by: { $0.key < $1.key }) {
            if let line = item.line {
                text += line
            } else {
                let entry = item.entry
                let fields = [item.stamp, name, entry.source.metaDigest, entry.source.bodyDigest, entry.slug, entry.title,
                              entry.creator, entry.kind.rawValue, entry.region, entry.country, entry.year,
                              entry.tags.map(\.rawValue).joined(separator: ","), entry.energy.rawValue, entry.length,
                              entry.venue.map { "+" + $0 } ?? "-", entry.link.map { "+" + $0 } ?? "-",
                              entry.summary, entry.published]
                text += ([Self.lineTag] + fields.map(Self.escaped)).joined(separator: "\t")
            }
            text += "\n"
        }
        return text
    }

    /// The tab-separated fields of a line after its tag, unescaped; cut out of the bytes, since a
    /// rebuild reads ten thousand such lines.
    private static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [String] {
        var fields: [String] = []
        fields.reserveCapacity(18)
        var start = 0
        var escaped = false
        for index in 0...line.count {
            guard index == line.count || line[index] == 0x09 else {
                escaped = escaped || line[index] == 0x5C
                continue
            }
            let field = String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
            fields.append(escaped ? unescaped(field) : field)
            (start, escaped) = (index + 1, false)
        }
        return Array(fields.dropFirst())
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
        guard field.utf8.contains(0x5C) else { return field }
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
