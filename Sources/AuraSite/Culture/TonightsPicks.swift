import Platform
import SiteEngine

/// Two or three entries that suit tonight's energy, each with a sentence tying it to the day.
struct TonightsPicks: Sendable {
    struct Pick: Sendable {
        let entry: CultureEntry
        let why: String
    }

    let evening: EveningEnergy
    let picks: [Pick]

    /// Chooses entries at the evening's energy or below (never above), preferring an exact
    /// match, then varied kinds; ties are broken by a hash of the date, so the picks change
    /// from day to day but not from build to build.
    init(library: CultureLibrary, evening: EveningEnergy, date: String, count: Int = 3) {
        self.evening = evening
        // Each entry is hashed once, not once per comparison, on every core.
        let fitting = library.entries.filter { $0.energy <= evening.level }
        let keyed = [(entry: CultureEntry, key: (Int, UInt64))](concurrentlyMapping: fitting.count) { index in
            let entry = fitting[index]
            return (entry, (entry.energy == evening.level ? 0 : 1, Fingerprint.shortValue(date + entry.slug)))
        }
        let ranked = keyed.sorted { $0.key < $1.key }.map(\.entry)
        var chosen: [CultureEntry] = []
        for entry in ranked where chosen.count < count && !chosen.contains(where: { $0.kind == entry.kind }) {
            chosen.append(entry)
        }
        for entry in ranked where chosen.count < count && !chosen.contains(entry) {
            chosen.append(entry)
        }
        picks = chosen.map { Pick(entry: $0, why: Self.explain($0)) }
    }

    /// Why this entry fits this evening, as a sentence of its own: the day's figures are said once,
    /// in the evening's headline above the picks, so no two picks open alike.
    static func explain(_ entry: CultureEntry) -> String {
        let offer = offer(entry)
        return offer.prefix(1).uppercased() + offer.dropFirst() + "."
    }

    private static func offer(_ entry: CultureEntry) -> String {
        let length = entry.length
        switch (entry.kind, entry.energy) {
        case (.literature, .low): return "a gentle read (\(length)) you can put down whenever sleep comes"
        case (.literature, .medium):
            return "a book (\(length)) that rewards an unhurried hour with the phone in another room"
        case (.literature, .high): return "a book (\(length)) that asks for your full attention, and gives it back"
        case (.drama, .low): return "a play to read aloud to yourself, a scene at a time (\(length))"
        case (.drama, _): return "a play you can read in one sitting or see staged (\(length))"
        case (.theatre, _) where entry.tags.contains(.digitalStage):
            return "a stage you can watch from the sofa tonight and visit another day (\(length))"
        case (.theatre, _):
            return "a house worth planning a visit to, even if tonight you only read about it (\(length))"
        case (.event, _): return "a gathering to put in next year's calendar, explored from home tonight (\(length))"
        }
    }
}
