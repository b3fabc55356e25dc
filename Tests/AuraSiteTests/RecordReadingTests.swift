import Foundation
import Platform
import SiteEngine
import Testing

@testable import AuraSite

/// A build reads its previous record a piece at a time: every line must come out whole, with
/// the byte offset it starts at, wherever the pieces cut it (a line break, the middle of a
/// line, the middle of a character).
struct RecordReadingTests {
    private static let file = URL(fileURLWithPath: "/site/.aura-build")

    private static func lines(of text: [UInt8], from offset: Int = 0, pieceSize: Int) -> (
        lines: [String], offsets: [Int], readable: Bool
    ) {
        var (lines, offsets) = ([String](), [Int]())
        let readable = RecordText.forEachLine(
            ofFileAt: file, from: offset, in: .memory([file.path: Data(text)]), pieceSize: pieceSize
        ) {
            lines.append(String($0))
            offsets.append($1)
            return true
        }
        return (lines, offsets, readable)
    }

    /// The non-empty lines of `text` and where each starts, counted the plain way.
    private static func expected(_ text: [UInt8], from offset: Int = 0) -> (lines: [String], offsets: [Int]) {
        var (lines, offsets, start) = ([String](), [Int](), offset)
        for index in offset...text.count where index == text.count || text[index] == 0x0A {
            if index > start {
                lines.append(String(decoding: text[start..<index], as: UTF8.self))
                offsets.append(start)
            }
            start = index + 1
        }
        return (lines, offsets)
    }

    private static let text = Array(
        "inputs 1\n\n- ab 1 2 3 a.html\nentry\tkōkoro 🎭\tx\n\nentry\tlast, no line break".utf8)

    @Test(arguments: [1, 2, 3, 4, 5, 7, 16, 64, 1 << 18])
    func everyLineComesOutWholeWithItsOffset(pieceSize: Int) {
        let read = Self.lines(of: Self.text, pieceSize: pieceSize)
        let expected = Self.expected(Self.text)
        #expect(read.readable)
        #expect(read.lines == expected.lines)
        #expect(read.offsets == expected.offsets)
        #expect(read.lines.last == "entry\tlast, no line break")
    }

    @Test(arguments: [1, 3, 1 << 18])
    func readingStartsAtTheOffsetGiven(pieceSize: Int) throws {
        let start = try #require(Self.expected(Self.text).offsets.first { Self.text[$0] == UInt8(ascii: "e") })
        let read = Self.lines(of: Self.text, from: start, pieceSize: pieceSize)
        #expect(read.lines == Self.expected(Self.text, from: start).lines)
        #expect(read.offsets.first == start)
    }

    @Test func readingStopsWhenAsked() {
        var seen: [String] = []
        let readable = RecordText.forEachLine(
            ofFileAt: Self.file, in: .memory([Self.file.path: Data(Self.text)]), pieceSize: 4
        ) { line, _ in
            seen.append(String(line))
            return seen.count < 2
        }
        #expect(readable && seen == ["inputs 1", "- ab 1 2 3 a.html"])
    }

    @Test(arguments: [1, 5, 1 << 18])
    func aFileThatIsNotUTF8OrIsMissingIsNotReadable(pieceSize: Int) {
        #expect(!Self.lines(of: Self.text + [0x0A, 0xFF, 0xFE, 0x0A], pieceSize: pieceSize).readable)
        #expect(!RecordText.forEachLine(ofFileAt: Self.file, in: .memory([:]), pieceSize: pieceSize) { _, _ in true })
    }

    /// Entries written as a record's lines read back equal, through pieces that cut lines
    /// anywhere and batches of lines read on every core.
    @Test func cultureEntriesReadBackFromPiecesOfTheirLines() throws {
        let entries = (0..<2_500).map { number in
            CultureEntry(
                slug: "entry-\(number)", sourceFolder: "Content/culture/", title: "Title\t\(number) \\ “quoted”",
                creator: "Créateur \(number)", kind: .allCases[number % 4], region: CultureEntry.regions[number % 11],
                country: "Country", year: "\(1900 + number % 100)",
                tags: number % 2 == 0 ? [.readScript] : [.liveVisit, .digitalStage],
                energy: .allCases[number % 3], length: "\(number) pages",
                venue: number % 3 == 0 ? nil : "Hall \(number)",
                link: number % 5 == 0 ? nil : "https://example.org/\(number)", summary: "Line one\nline two \(number)",
                published: "2026-11-\(String(format: "%02d", 1 + number % 28))",
                source: CultureSource(
                    name: "entry-\(number).md", metaDigest: Fingerprint.sha256(Array("m\(number)".utf8)),
                    bodyDigest: Fingerprint.sha256(Array("b\(number)".utf8))))
        }
        let library = CultureLibrary(
            entries: entries, loaded: entries.indices.map { .init(stamp: Self.stamp(size: $0), fromCache: false) })
        var record = Array("inputs 1\n".utf8)
        try RecordText.Writer.writing(to: { record += $0 }, { try CultureCache.writeLines(of: library, to: &$0) })
        let cache = CultureCache(
            readingFrom: (Self.file, 9), in: .memory([Self.file.path: Data(record)]), folder: "Content/culture/",
            pieceSize: 1_000)
        for (entry, loaded) in zip(library.entries, library.loaded) {
            #expect(cache.entry(named: entry.fileName, stamp: loaded.stamp!)?.entry == entry)
        }
        #expect(cache.entry(named: "entry-1.md", stamp: Self.stamp(size: 2)) == nil)
        #expect(cache.entry(named: "entry-1.md", stamp: Self.stamp(size: 1, changedAt: 6)) == nil)
    }

    private static func stamp(size: Int, changedAt second: Int = 4) -> FileStamp {
        FileStamp(
            FileStampTests.status(size: size, changed: timespec(tv_sec: second, tv_nsec: 5)), withChangeTime: true)
    }
}
