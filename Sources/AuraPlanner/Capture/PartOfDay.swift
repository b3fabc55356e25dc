/// A part of the day a line names (`this evening`, `monday morning`, `first thing friday`).
public enum PartOfDay: String, Sendable, CaseIterable, Codable {
    case morning, afternoon, evening, night

    /// The words that name each part (`tonight` is the evening of its day).
    static let words: [String: PartOfDay] = [
        "morning": .morning, "mornings": .morning, "afternoon": .afternoon, "afternoons": .afternoon,
        "evening": .evening, "evenings": .evening, "eve": .evening, "arvo": .afternoon, "night": .night,
        "nights": .night
    ]

    /// Where each part lies unless `site.yml`'s `parts_of_day` says otherwise.
    public static let defaultSpans: [PartOfDay: MinuteSpan] = [
        .morning: MinuteSpan(start: 8 * 60 + 30, end: 12 * 60), .afternoon: MinuteSpan(start: 12 * 60, end: 17 * 60),
        .evening: MinuteSpan(start: 17 * 60, end: 21 * 60), .night: MinuteSpan(start: 21 * 60, end: 24 * 60)
    ]

    /// Whether a clock hour written without am or pm (`half 8`) is read as after noon.
    var meansAfterNoon: Bool { self != .morning }
}
