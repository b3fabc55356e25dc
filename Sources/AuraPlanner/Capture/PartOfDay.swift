/// A part of the day a line names (`this evening`, `monday morning`, `first thing friday`).
public enum PartOfDay: String, Sendable, CaseIterable, Codable {
    case morning, afternoon, evening, night

    /// The words that name each part (`tonight` is the evening of its day).
    static let words: [String: PartOfDay] = [
        "morning": .morning, "mornings": .morning, "afternoon": .afternoon, "afternoons": .afternoon,
        "evening": .evening, "evenings": .evening, "eve": .evening, "night": .night, "nights": .night,
    ]

    /// Whether a clock hour written without am or pm (`half 8`) is read as after noon.
    var meansAfterNoon: Bool { self != .morning }
}
