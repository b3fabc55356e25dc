import AuraTestSupport
import Platform
import Testing

@testable import AuraSite

/// The evening's energy follows the day's figures, and the picks and their explanations follow
/// the energy.
struct EveningEnergyTests {
    static func entry(
        _ slug: String, _ kind: CultureEntry.Kind, _ energy: CultureEntry.Energy,
        tags: [CultureEntry.Tag] = [.readScript]
    ) -> CultureEntry {
        CultureEntry(
            slug: slug, sourceFolder: "", title: slug.capitalized, creator: "C", kind: kind, region: "Europe",
            country: "X", year: "1900", tags: tags, energy: energy, length: "about 120 pages", venue: nil,
            link: nil, summary: "S", published: "2026-11-01",
            source: CultureSource(
                name: "\(slug).md", metaDigest: Fingerprint.sha256(Array(slug.utf8)),
                bodyDigest: Fingerprint.sha256([UInt8]())))
    }

    static let library = CultureLibrary(entries: [
        entry("quiet-poems", .literature, .low), entry("short-play", .drama, .low),
        entry("stream", .theatre, .low, tags: [.digitalStage]),
        entry("novel", .literature, .medium), entry("comedy", .drama, .medium),
        entry("epic", .literature, .high), entry("tragedy", .drama, .high), entry("festival", .event, .high)
    ])

    static let heavy = DaySummary(
        date: "2026-12-02", deepMinutes: 200, loadMinutes: 420, capacityMinutes: 450, lastBlockEnd: 19 * 60 + 15)
    static let middling = DaySummary(
        date: "2026-12-02", deepMinutes: 100, loadMinutes: 320, capacityMinutes: 480, lastBlockEnd: 16 * 60)
    static let light = DaySummary(
        date: "2026-12-02", deepMinutes: 0, loadMinutes: 90, capacityMinutes: 480, lastBlockEnd: 12 * 60)

    @Test func levelFollowsTheDocumentedRule() {
        #expect(EveningEnergy(day: Self.heavy).level == .low)
        #expect(EveningEnergy(day: Self.middling).level == .medium)
        #expect(EveningEnergy(day: Self.light).level == .high)
        let noPlan = EveningEnergy(day: nil)
        #expect(noPlan.level == .medium)
        #expect(!noPlan.basedOnPlan)
        #expect(noPlan.headline.contains("no plan for today"))
    }

    @Test func figuresNameTheDay() {
        #expect(
            EveningEnergy(day: Self.heavy).figures
                == "3\u{A0}h\u{A0}20\u{A0}min of deep work, 7\u{A0}h planned of 7\u{A0}h\u{A0}30\u{A0}min free and a last block ending at 19:15"
        )
        #expect(
            EveningEnergy(day: Self.light).figures
                == "no deep work, 1\u{A0}h\u{A0}30\u{A0}min planned of 8\u{A0}h free and a last block ending at 12:00")
    }

    @Test func differentDaysGiveDifferentPicks() {
        let heavy = TonightsPicks(library: Self.library, evening: EveningEnergy(day: Self.heavy), date: "2026-12-02")
        let light = TonightsPicks(library: Self.library, evening: EveningEnergy(day: Self.light), date: "2026-12-02")
        #expect(heavy.picks.count == 3)
        #expect(heavy.picks.allSatisfy { $0.entry.energy == .low })
        #expect(light.picks.count == 3)
        #expect(light.picks.allSatisfy { $0.entry.energy == .high })
        #expect(Set(heavy.picks.map(\.entry.slug)).isDisjoint(with: light.picks.map(\.entry.slug)))
        #expect(Set(light.picks.map(\.entry.kind)).count == 3, "picks should vary in kind")
    }

    /// The day's figures are said once, in the headline; each pick says why it suits the
    /// evening in a sentence of its own, so no two open alike.
    @Test func theHeadlineNamesTheDaysFiguresAndEachPickItsOwnReason() {
        let heavy = TonightsPicks(library: Self.library, evening: EveningEnergy(day: Self.heavy), date: "2026-12-02")
        #expect(
            heavy.evening.headline.hasPrefix(
                "After 3\u{A0}h\u{A0}20\u{A0}min of deep work, 7\u{A0}h planned of 7\u{A0}h\u{A0}30\u{A0}min free and a last block ending at 19:15"
            ))
        let openings = heavy.picks.map { $0.why.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(Set(openings).count == heavy.picks.count, "\(openings)")
        let poems = heavy.picks.first { $0.entry.slug == "quiet-poems" }
        #expect(poems?.why == "A gentle read (about 120 pages) you can put down whenever sleep comes.")
    }

    @Test func neverPicksAboveTheEveningsEnergy() {
        let medium = TonightsPicks(
            library: Self.library, evening: EveningEnergy(day: Self.middling), date: "2026-12-02")
        #expect(medium.picks.allSatisfy { $0.entry.energy <= .medium })
        #expect(medium.picks.first?.entry.energy == .medium)
    }

    @Test func picksAreStableForADayAndRotateAcrossDays() {
        let evening = EveningEnergy(day: Self.middling)
        let big = CultureLibrary(
            entries: (0..<30).map { Self.entry("entry-\($0)", [.literature, .drama, .theatre][$0 % 3], .medium) })
        let monday = TonightsPicks(library: big, evening: evening, date: "2026-12-07").picks.map(\.entry.slug)
        #expect(monday == TonightsPicks(library: big, evening: evening, date: "2026-12-07").picks.map(\.entry.slug))
        let week = Set(
            ["2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"].map {
                TonightsPicks(library: big, evening: evening, date: $0).picks.map(\.entry.slug)
            })
        #expect(week.count > 1)
    }
}

/// The related-entries index gives exactly what scoring every pair would.
struct RelatedEntriesTests {
    /// The definition, applied to every other entry.
    static func bruteForce(_ entry: CultureEntry, in entries: [CultureEntry], limit: Int) -> [String] {
        entries.filter { $0.slug != entry.slug }.map { other in
            var score = other.region == entry.region ? 3 : 0
            score += other.kind == entry.kind ? 2 : 0
            score += Set(other.tags).intersection(entry.tags).count
            score += other.energy == entry.energy ? 1 : 0
            return (other.slug, score)
        }
        .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(limit).map(\.0)
    }

    @Test func indexAgreesWithScoringEveryPair() {
        let regions = ["Africa", "Europe", "East Asia", "Oceania"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let entries = (0..<300).map { index in
            let tags = CultureEntry.Tag.allCases.filter { _ in next(2) == 0 }
            return CultureEntry(
                slug: "e\(String(format: "%03d", next(1000)))-\(index)", sourceFolder: "", title: "", creator: "",
                kind: CultureEntry.Kind.allCases[next(4)], region: regions[next(4)], country: "", year: "",
                tags: tags.isEmpty ? [.readScript] : tags, energy: CultureEntry.Energy.allCases[next(3)],
                length: "", venue: nil, link: nil, summary: "", published: "2026-01-01",
                source: CultureSource(
                    name: "", metaDigest: Fingerprint.sha256([UInt8]()), bodyDigest: Fingerprint.sha256([UInt8]())))
        }
        let library = CultureLibrary(entries: entries)
        for entry in entries {
            #expect(library.related(to: entry, limit: 3).map(\.slug) == Self.bruteForce(entry, in: entries, limit: 3))
        }
    }
}
