import AuraTestSupport
import Diagnostics
import Foundation
import Testing

@testable import AuraSite

/// Culture front matter: each malformed entry gets the exact message at the exact position.
struct CultureEntryTests {
    static let valid = """
        ---
        title: "A Doll's House"
        creator: "Henrik Ibsen"
        kind: drama
        region: Europe
        country: Norway
        year: 1879
        tags: [Read Script, Live Visit]
        energy: medium
        length: "3 acts"
        venue: "Nationaltheatret, Oslo"
        link: "https://www.gutenberg.org/ebooks/2542"
        summary: "A marriage examined until the door closes."
        published: 2026-11-02
        ---
        Nora's house, and what it costs.
        """

    /// The valid entry with `line` (1-based, counting the opening fence) replaced.
    static func replacing(_ line: Int, with text: String) -> String {
        var lines = valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[line - 1] = text
        return lines.joined(separator: "\n")
    }

    static func parse(_ text: String) -> Result<CultureEntry, SourceErrors> {
        var parser = CultureEntryParser(folder: "culture/", fileName: "a-dolls-house.md")
        return parser.parse(text)
    }

    @Test func validEntryParses() throws {
        let entry = try Self.parse(Self.valid).get()
        #expect(entry.slug == "a-dolls-house")
        #expect(entry.tags == [.readScript, .liveVisit])
        #expect(entry.energy == .medium)
        #expect(entry.year == "1879")
        let library = try CultureLibrary.load(
            contentDirectory: URL(fileURLWithPath: "/c"),
            in: .memory(["/c/culture/a-dolls-house.md": Data(Self.valid.utf8)]))
        #expect(library.entries.map(\.source) == [entry.source])
        #expect(try library.bodyHTML(of: library.entries[0]) == "<p>Nora’s house, and what it costs.</p>\n")
    }

    /// Each tag's address segment is its name, lowercased, with hyphens for spaces.
    @Test func tagSlugsFollowTheirNames() {
        for tag in CultureEntry.Tag.allCases {
            #expect(tag.slug == tag.rawValue.lowercased().replacingOccurrences(of: " ", with: "-"))
        }
    }

    /// A body is read again when its page is rendered; if the file changed since it was
    /// loaded, the build stops rather than publish a page that mixes two versions.
    @Test func aBodyChangedAfterLoadingIsRefused() throws {
        let content = try temporaryFolder()
        let file = content.appendingPathComponent("culture/a-dolls-house.md")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.valid.utf8).write(to: file)
        let library = try CultureLibrary.load(contentDirectory: content, in: .disk)
        try Data((Self.valid + "A new paragraph.\n").utf8).write(to: file)
        #expect { try library.bodyHTML(of: library.entries[0]) } throws: { error in
            "\(error)".contains("a-dolls-house.md:1:1: changed while the site was being built; build again")
        }
    }

    @Test(arguments: [
        (
            replacing(8, with: "tags: [live visit]"),
            "culture/a-dolls-house.md:8:8: unknown tag 'live visit'; did you mean 'Live Visit'?"
        ),
        (
            replacing(8, with: "tags: [Read Script, Podcast]"),
            "culture/a-dolls-house.md:8:21: unknown tag 'Podcast'; expected one of 'Live Visit', 'Read Script', 'Digital Stage'"
        ),
        (
            replacing(4, with: "kind: theater"),
            "culture/a-dolls-house.md:4:7: unknown kind 'theater'; did you mean 'theatre'?"
        ),
        (
            replacing(9, with: "energy: exhausted"),
            "culture/a-dolls-house.md:9:9: unknown energy 'exhausted'; expected one of 'low', 'medium', 'high'"
        ),
        (
            replacing(5, with: "region: Latin Amercia"),
            "culture/a-dolls-house.md:5:9: unknown region 'Latin Amercia'; did you mean 'Latin America'?"
        ),
        (
            replacing(7, with: "year: 18th"),
            "culture/a-dolls-house.md:7:7: '18th' is not a year; expected a whole number (negative before the common era) or a quoted range such as \"c. 1000–1012\""
        ),
        (
            replacing(14, with: "published: 2026-13-01"),
            "culture/a-dolls-house.md:14:12: '2026-13-01' is not a date; expected YYYY-MM-DD, such as 2026-11-02"
        ),
        (
            replacing(12, with: "link: www.gutenberg.org"),
            "culture/a-dolls-house.md:12:7: 'www.gutenberg.org' is not a web address; expected an absolute https:// link"
        ),
        (
            replacing(12, with: "link: \" JavaScript:alert(1)\""),
            "culture/a-dolls-house.md:12:7: ' JavaScript:alert(1)' has a space; expected an absolute https:// link"
        ),
        (
            replacing(12, with: "link: vbscript:msgbox"),
            "culture/a-dolls-house.md:12:7: 'vbscript:msgbox' is not a safe link; expected an absolute https:// link"
        ),
        (
            replacing(12, with: "link: /culture/"),
            "culture/a-dolls-house.md:12:7: '/culture/' is not a web address; expected an absolute https:// link"
        ),
        (
            replacing(11, with: "# no venue"),
            "culture/a-dolls-house.md:8:7: tag 'Live Visit' needs a 'venue': where a person can go to see it"
        ),
        (
            replacing(8, with: "tags: []"),
            "culture/a-dolls-house.md:8:7: 'tags' is empty; expected one or more of 'Live Visit', 'Read Script', 'Digital Stage'"
        ),
        (
            replacing(3, with: "author: Ibsen"),
            "culture/a-dolls-house.md:3:1: unknown key 'author'; expected one of title, creator, kind, region, country, year, tags, energy, length, venue, link, summary, published, slug"
        ),
        (
            replacing(13, with: "summary: \"A marriage\\nexamined.\""),
            "culture/a-dolls-house.md:13:10: the summary spans several lines; expected one line"
        ),
        (replacing(2, with: "title:"), "culture/a-dolls-house.md:2:7: 'title' is empty; expected a value"),
        (
            replacing(16, with: ""),
            "culture/a-dolls-house.md:16:1: the entry has no body; expected a few sentences on why it is worth an evening"
        )
    ])
    func rejectsMalformedEntry(text: String, expected: String) {
        guard case .failure(let failure) = Self.parse(text) else {
            Issue.record("accepted a malformed entry")
            return
        }
        #expect(failure.errors.map(\.description).contains(expected), "\(failure.errors)")
    }

    @Test func everyProblemInAFileIsReported() {
        let text = Self.replacing(4, with: "kind: opera").replacingOccurrences(of: "energy: medium", with: "energy: 3")
        guard case .failure(let failure) = Self.parse(text) else {
            Issue.record("accepted a malformed entry")
            return
        }
        #expect(failure.errors.map(\.line) == [4, 9])
    }

    @Test func negativeYearsAndRangesAreAccepted() throws {
        #expect(try Self.parse(Self.replacing(7, with: "year: -441")).get().year == "-441")
        #expect(try Self.parse(Self.replacing(7, with: "year: \"c. 1000–1012\"")).get().year == "c. 1000–1012")
    }

    /// A scaffold left as written names each placeholder with its line and column; filled in, it parses.
    @Test func scaffoldNamesEachPlaceholderLeftAndParsesOnceFilledIn() throws {
        #expect(CultureScaffold.slug(for: "A Doll's House") == "a-dolls-house")
        #expect(CultureScaffold.slug(for: "Ōedipus Rex — Part II") == "oedipus-rex-part-ii")
        #expect(CultureScaffold.slug(for: "Pedro Páramo") == "pedro-paramo")
        let scaffold = CultureScaffold.text(title: "Say \"Hi\"", date: "2026-11-29")
        guard case .failure(let problems) = Self.parse(scaffold) else {
            Issue.record("the scaffold's placeholders were published")
            return
        }
        #expect(problems.errors.map { "\($0.line):\($0.column)" } == ["10:10", "4:10", "23:10", "26:1"])
        #expect(problems.errors.allSatisfy { $0.message.contains("placeholder 'aura new culture' wrote") })
        let filled = scaffold.replacingOccurrences(of: "Creator's name", with: "Zeynep Ak")
            .replacingOccurrences(of: "\"Country\"", with: "\"Turkey\"")
            .replacingOccurrences(of: "One line saying what it is.", with: "A greeting, staged.")
            .replacingOccurrences(of: "Two or three short paragraphs", with: "A short play about a greeting")
        let entry = try Self.parse(filled).get()
        #expect(entry.title == "Say \"Hi\"")
        #expect(entry.published == "2026-11-29")
    }
}
