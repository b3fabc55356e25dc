import Foundation
import Platform
import Testing

@testable import AuraSite

/// An entry keeps its fields packed in one allocation: each must read back exactly as given,
/// whatever its length, script or emptiness, and tags in the order written.
struct CultureEntryStorageTests {
    private static func entry(
        title: String = "Kokoro", venue: String? = nil, link: String? = nil, summary: String = "A secret.",
        tags: [CultureEntry.Tag] = [.readScript], region: String = "East Asia"
    ) -> CultureEntry {
        CultureEntry(
            slug: "kokoro", sourceFolder: "Content/culture/", title: title, creator: "Natsume Sōseki",
            kind: .literature,
            region: region, country: "日本", year: "c. 1000–1012", tags: tags, energy: .low, length: "", venue: venue,
            link: link, summary: summary, published: "2026-11-02",
            source: CultureSource(
                name: "kokoro.md", metaDigest: Fingerprint.sha256(Array("m".utf8)),
                bodyDigest: Fingerprint.sha256(Array("b".utf8))))
    }

    @Test func everyFieldReadsBackAsGiven() {
        let long = String(repeating: "Ω long title ", count: 6_000)
        let entry = Self.entry(title: long, venue: "", link: "https://example.org/k", summary: "Tabs\tand \\ stay 🎭")
        #expect(entry.slug == "kokoro")
        #expect(entry.fileName == "kokoro.md")
        #expect(entry.sourceFile == "Content/culture/kokoro.md")
        #expect(entry.title == long)
        #expect(entry.creator == "Natsume Sōseki")
        #expect(entry.kind == .literature)
        #expect(entry.region == "East Asia")
        #expect(entry.country == "日本")
        #expect(entry.year == "c. 1000–1012")
        #expect(entry.energy == .low)
        #expect(entry.length == "")
        #expect(entry.venue == "")
        #expect(entry.link == "https://example.org/k")
        #expect(entry.summary == "Tabs\tand \\ stay 🎭")
        #expect(entry.published == "2026-11-02")
        #expect(
            entry.source
                == CultureSource(
                    name: "kokoro.md", metaDigest: Fingerprint.sha256(Array("m".utf8)),
                    bodyDigest: Fingerprint.sha256(Array("b".utf8))))
    }

    @Test func anAbsentVenueOrLinkIsNotAnEmptyOne() {
        let entry = Self.entry()
        #expect(entry.venue == nil)
        #expect(entry.link == nil)
        #expect(entry != Self.entry(venue: ""))
        #expect(entry != Self.entry(link: ""))
    }

    @Test(arguments: [
        [], [CultureEntry.Tag.digitalStage], [.liveVisit, .readScript], [.readScript, .liveVisit],
        [.digitalStage, .readScript, .liveVisit], [.liveVisit, .digitalStage, .readScript]
    ])
    func tagsKeepTheirOrder(tags: [CultureEntry.Tag]) {
        #expect(Self.entry(tags: tags).tags == tags)
    }

    @Test(arguments: CultureEntry.regions)
    func everyRegionReadsBack(region: String) {
        #expect(Self.entry(region: region).region == region)
    }

    @Test func entriesMadeAlikeAreEqualAndADifferenceInAnyTextShows() {
        #expect(Self.entry() == Self.entry())
        #expect(Self.entry() != Self.entry(title: "Kokoro "))
        #expect(Self.entry() != Self.entry(summary: "A secreT."))
        #expect(Self.entry(tags: [.liveVisit, .readScript]) != Self.entry(tags: [.readScript, .liveVisit]))
    }
}
