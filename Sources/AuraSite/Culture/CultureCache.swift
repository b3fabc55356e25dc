import Foundation
import Platform
import SiteEngine

/// The culture entries the previous build read, kept in its build record: per file name, the
/// stamp the file bore and everything the entry was read as but its body. A rebuild takes an
/// entry whose file still bears that stamp as it is, without reading or parsing the file.
/// Every line is read into its entry when the cache is made, on every core, a piece of the
/// record at a time: the lines are the larger part of a record, which is never held whole.
struct CultureCache: Sendable {
    private struct Item: Sendable {
        /// Its place among the cache's entries, which are in the order of the library it was
        /// made from.
        let position: Int
        let stamp: FileStamp
        /// What the line holds; nil for a line this version would not have written (its file is
        /// read again).
        let entry: CultureEntry?
    }

    /// The first field of every record line.
    static let lineTag = "entry"

    private static let knownRegions = Set(CultureEntry.regions)

    private var items: [String: Item] = [:]

    init() {}

    /// The cache of `library` as a build in this process loaded it: a server's next build of
    /// the same site takes every entry whose file still bears the stamp it was read with.
    init(of library: CultureLibrary) {
        for (entry, loaded) in zip(library.entries, library.loaded) {
            guard let stamp = loaded.stamp else { continue }
            items[entry.fileName] = Item(position: items.count, stamp: stamp, entry: entry)
        }
    }

    /// The names of `library`'s entries whose body alone changed since this cache was made;
    /// nil when this cache is empty, an entry was added or removed, or any front matter changed.
    func bodyEdits(in library: CultureLibrary) -> Set<String>? {
        guard !items.isEmpty, library.entries.count == items.count, library.loaded.count == items.count else {
            return nil
        }
        var edited = Set<String>()
        for (entry, loaded) in zip(library.entries, library.loaded) {
            // An entry taken from this cache is what the previous build read.
            if loaded.fromCache { continue }
            guard let cached = items[entry.fileName]?.entry, cached.source.metaDigest == entry.source.metaDigest else {
                return nil
            }
            if cached.source.bodyDigest != entry.source.bodyDigest { edited.insert(entry.fileName) }
        }
        return edited
    }

    /// The place of the entry read from `name` among this cache's entries, which are in the
    /// order of the library the cache was made from.
    func position(of name: String) -> Int? {
        items[name]?.position
    }

    /// The indices of a library's entries in the order of the library this cache was made
    /// from, given each entry's `position`, when they are every entry of this cache once; nil
    /// otherwise. A library checks that they are in order before it takes them so.
    func order(of positions: [Int?]) -> [Int]? {
        guard positions.count == items.count else { return nil }
        var order = [Int](repeating: -1, count: positions.count)
        for (index, position) in positions.enumerated() {
            guard let position, order.indices.contains(position), order[position] < 0 else { return nil }
            order[position] = index
        }
        return order
    }

    /// The entry read from `name` when its file bore `stamp`, and its `position`.
    func entry(named name: String, stamp: FileStamp) -> (entry: CultureEntry, position: Int)? {
        guard let item = items[name], item.stamp == stamp, let entry = item.entry else { return nil }
        return (entry, item.position)
    }

    /// The cache that the lines of a build record hold from where `record` says they begin
    /// (`BuildManifest.cultureLines`), as `writeLines(of:to:)` wrote them, its entries naming
    /// `folder` + their file name in messages. Read `pieceSize` bytes at a time, each batch of
    /// lines read into entries on every core. A line this version did not write is passed
    /// over, which only costs reading that file again.
    init(
        readingFrom record: (file: URL, offset: Int)?, in fileSystem: FileSystem, folder: String,
        pieceSize: Int = 1 << 18
    ) {
        guard let record else { return }
        var cache = CultureCache()
        var batch: [Substring] = []
        _ = RecordText.forEachLine(ofFileAt: record.file, from: record.offset, in: fileSystem, pieceSize: pieceSize) {
            line, _ in
            batch.append(line)
            if batch.count == Self.batchSize {
                cache.add(batch, folder: folder)
                batch.removeAll(keepingCapacity: true)
            }
            return true
        }
        cache.add(batch, folder: folder)
        self = cache
    }

    /// How many lines are read into entries at once.
    private static let batchSize = 2048

    private mutating func add(_ lines: [Substring], folder: String) {
        typealias Head = (name: String, stamp: FileStamp)
        let heads = lines.map { line -> Head? in
            let head = RecordText.ranges(line, separatedBy: 0x09, first: 3)
            guard head.count == 3, RecordText.slice(line, head[0]) == Self.lineTag,
                let stamp = FileStamp(hex: RecordText.slice(line, head[1]))
            else { return nil }
            return (Self.unescaped(RecordText.string(line, head[2])), stamp)
        }
        let entries = [CultureEntry?](concurrentlyMapping: lines.count) { index in
            heads[index].flatMap { Self.entry(lines[index], named: $0.name, folder: folder) }
        }
        for (head, entry) in zip(heads, entries) {
            guard let head else { continue }
            items[head.name] = Item(position: items.count, stamp: head.stamp, entry: entry)
        }
    }

    /// The entry a line holds; `name` is the file name the line was looked up by, which is its
    /// second field.
    private static func entry(_ line: Substring, named name: String, folder: String) -> CultureEntry? {
        // Most lines hold nothing escaped; one look at the line spares a look at each field.
        let escaping = RecordText.contains(0x5C, in: line)
        let ranges = RecordText.ranges(line, separatedBy: 0x09)
        func field(_ index: Int) -> String {
            let text = RecordText.string(line, ranges[index + 1])
            return escaping ? unescaped(text) : text
        }
        // The record sits in the published folder: a line whose values the parser would refuse
        // (a slug is a folder of the site) is read from its file again.
        guard ranges.count == 19, let kind = CultureEntry.Kind(rawValue: field(7)),
            let energy = CultureEntry.Energy(rawValue: field(12)),
            let metaDigest = SHA256Digest(hex: RecordText.slice(line, ranges[3])),
            let bodyDigest = SHA256Digest(hex: RecordText.slice(line, ranges[4]))
        else { return nil }
        let (slug, region, tagNames) = (field(4), field(8), field(11))
        guard knownRegions.contains(region), CultureEntryParser.isUsable(slug: slug) else { return nil }
        let tagList = RecordText.strings(Substring(tagNames), separatedBy: 0x2C)
        let tags = tagList.compactMap(CultureEntry.Tag.init(rawValue:))
        guard tags.count == tagList.count, tags.indices.allSatisfy({ !tags[..<$0].contains(tags[$0]) }) else {
            return nil
        }
        return CultureEntry(
            slug: slug, sourceFolder: folder, title: field(5), creator: field(6), kind: kind, region: region,
            country: field(9), year: field(10), tags: tags, energy: energy, length: field(13),
            venue: optional(field(14)), link: optional(field(15)), summary: field(16), published: field(17),
            source: CultureSource(name: name, metaDigest: metaDigest, bodyDigest: bodyDigest))
    }

    /// Writes the cache of `library`, whose files bore the stamps it was loaded with, as the
    /// lines `init(readingFrom:in:folder:pieceSize:)` reads, in the library's order, each field
    /// written from the entry's own bytes rather than joined into a line first.
    static func writeLines(of library: CultureLibrary, to out: inout RecordText.Writer) throws {
        for (entry, loaded) in zip(library.entries, library.loaded) {
            guard let stamp = loaded.stamp else { continue }
            func text(_ field: CultureEntry.TextField, then separator: UInt8 = 0x09) throws {
                try entry.withUTF8(field) { try put(escaping: $0, to: &out, then: separator) }
            }
            let source = entry.source
            try out.put(Substring(Self.lineTag), then: 0x09)
            try out.put(stamp.bytes, then: 0x09)
            try text(.fileName)
            try out.put(source.metaDigest, then: 0x09)
            try out.put(source.bodyDigest, then: 0x09)
            try text(.slug)
            try text(.title)
            try text(.creator)
            try out.put(Substring(entry.kind.rawValue), then: 0x09)
            try out.put(Substring(entry.region), then: 0x09)
            try text(.country)
            try text(.year)
            for (index, tag) in entry.tags.enumerated() {
                try out.put(Substring(index == 0 ? tag.rawValue : "," + tag.rawValue))
            }
            try out.put("", then: 0x09)
            try out.put(Substring(entry.energy.rawValue), then: 0x09)
            try text(.length)
            for field in Self.optionalFields {
                if entry.has(field) {
                    try out.put("+")
                    try text(field)
                } else {
                    try out.put("-", then: 0x09)
                }
            }
            try text(.summary)
            try text(.published, then: 0x0A)
        }
    }

    private static let optionalFields: [CultureEntry.TextField] = [.venue, .link]

    /// Writes `bytes` with tabs, line breaks and backslashes as `escaped(_:)` writes them.
    private static func put(
        escaping bytes: UnsafeBufferPointer<UInt8>, to out: inout RecordText.Writer, then separator: UInt8
    ) throws {
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C }) {
            try out.put(Substring(escaped(String(decoding: bytes, as: UTF8.self))), then: separator)
        } else {
            try out.put(bytes, then: separator)
        }
    }

    private static func optional(_ field: String) -> String? {
        field.hasPrefix("+") ? String(field.dropFirst()) : nil
    }

    /// Tabs, line breaks and backslashes as `\t`, `\n`, `\r` and `\\`.
    private static func escaped(_ text: String) -> String {
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
