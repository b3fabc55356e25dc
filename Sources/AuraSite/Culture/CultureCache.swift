import Foundation

/// The culture entries the previous build read, kept in its build record: per file name, the
/// stamp the file bore and everything the entry was read as but its body. A rebuild takes an
/// entry whose file still bears that stamp as it is, without reading or parsing the file.
struct CultureCache: Sendable {
    private struct Item: Sendable {
        let stamp: String
        let entry: CultureEntry
    }

    /// The first field of every record line.
    static let lineTag = "entry"

    private var items: [String: Item] = [:]

    init() {}

    /// The cache of `library`, whose files bore the stamps it was loaded with.
    init(_ library: CultureLibrary) {
        for entry in library.entries {
            guard let stamp = library.stamps[entry.source.name] else { continue }
            items[entry.source.name] = Item(stamp: stamp, entry: entry)
        }
    }

    var isEmpty: Bool { items.isEmpty }

    /// The entry read from `name` when its file bore `stamp`, naming `sourceFile` in messages.
    func entry(named name: String, stamp: String, sourceFile: String) -> CultureEntry? {
        guard let item = items[name], item.stamp == stamp else { return nil }
        let entry = item.entry
        return CultureEntry(slug: entry.slug, sourceFile: sourceFile, title: entry.title, creator: entry.creator,
                            kind: entry.kind, region: entry.region, country: entry.country, year: entry.year,
                            tags: entry.tags, energy: entry.energy, length: entry.length, venue: entry.venue,
                            link: entry.link, summary: entry.summary, published: entry.published, source: entry.source)
    }

    /// Reads one record line (fields after the tag, tab-separated and escaped); false when it
    /// is not one this version wrote, which only costs reading that file again.
    @discardableResult
    mutating func read(_ fields: [Substring]) -> Bool {
        let values = fields.map(Self.unescaped)
        guard values.count == 18, let kind = CultureEntry.Kind(rawValue: values[7]),
              let energy = CultureEntry.Energy(rawValue: values[12]) else { return false }
        let tags = values[11].split(separator: ",").compactMap { CultureEntry.Tag(rawValue: String($0)) }
        let link = Self.optional(values[15]).flatMap(URL.init(string:))
        guard tags.count == values[11].split(separator: ",").count, Self.optional(values[15]) == nil || link != nil else { return false }
        let source = CultureSource(name: values[1], metaDigest: values[2], bodyDigest: values[3])
        items[values[1]] = Item(stamp: values[0], entry: CultureEntry(
            slug: values[4], sourceFile: values[1], title: values[5], creator: values[6], kind: kind, region: values[8],
            country: values[9], year: values[10], tags: tags, energy: energy, length: values[13],
            venue: Self.optional(values[14]), link: link, summary: values[16], published: values[17], source: source))
        return true
    }

    /// One line per entry, sorted by file name.
    var lines: [String] {
        items.sorted { $0.key < $1.key }.map { name, item in
            let entry = item.entry
            let fields = [item.stamp, name, entry.source.metaDigest, entry.source.bodyDigest, entry.slug, entry.title,
                          entry.creator, entry.kind.rawValue, entry.region, entry.country, entry.year,
                          entry.tags.map(\.rawValue).joined(separator: ","), entry.energy.rawValue, entry.length,
                          entry.venue.map { "+" + $0 } ?? "-", entry.link.map { "+" + $0.absoluteString } ?? "-",
                          entry.summary, entry.published]
            return ([Self.lineTag] + fields.map(Self.escaped)).joined(separator: "\t")
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

    private static func unescaped(_ field: Substring) -> String {
        guard field.utf8.contains(0x5C) else { return String(field) }
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
