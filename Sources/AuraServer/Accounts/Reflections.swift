import AuraPlanner
import AuraSQL
import Foundation

/// A person's own reflections, kept on the server in the accounts database: per day, a
/// morning and an evening answer. Each answer is changed by the client's clock (`at`); a change
/// older than the one kept is acknowledged and dropped (last writer wins), so a phone's offline
/// queue arriving late never overwrites what was written since.
extension Accounts {
    /// When in the day an answer was written.
    enum ReflectionPart: String, CaseIterable, Sendable {
        case morning, evening
    }

    /// One day's answers (empty when not written, or emptied).
    struct DayReflection: Equatable, Sendable {
        let day: LocalDate
        var morning = ""
        var evening = ""

        subscript(part: ReflectionPart) -> String {
            get { part == .morning ? morning : evening }
            set {
                if part == .morning { morning = newValue } else { evening = newValue }
            }
        }

        var isEmpty: Bool { morning.isEmpty && evening.isEmpty }
    }

    /// The longest answer kept, in characters: a page of writing, not a file.
    static let longestReflection = 20_000

    /// Keeps `text` as `personID`'s `part` of `day`, changed at `at` (milliseconds since 1970);
    /// false when an answer changed later is already kept.
    func saveReflection(_ text: String, day: LocalDate, part: ReflectionPart, of personID: Int64, at: Int64)
        throws -> Bool
    {
        try database.withConnection { database in
            // One statement: of two writers at once, the later change is kept whatever the order.
            try !database.execute(
                """
                INSERT INTO reflections (person_id, day, part, text, changed) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (person_id, day, part) DO UPDATE SET text = excluded.text, changed = excluded.changed
                WHERE reflections.changed <= excluded.changed
                RETURNING 1
                """, [.integer(personID), .text(day.iso), .text(part.rawValue), .text(text), .integer(at)]
            ).isEmpty
        }
    }

    /// Every day `personID` wrote something for, newest first.
    func reflections(of personID: Int64) throws -> [DayReflection] {
        let rows = try database.withConnection { database in
            try database.execute(
                "SELECT day, part, text FROM reflections WHERE person_id = ? AND text != '' ORDER BY day DESC",
                [.integer(personID)])
        }
        var days: [DayReflection] = []
        for row in rows {
            guard let day = row[0].text.flatMap(LocalDate.init(iso:)),
                let part = row[1].text.flatMap(ReflectionPart.init(rawValue:)), let text = row[2].text
            else { continue }
            if days.last?.day != day { days.append(DayReflection(day: day)) }
            days[days.count - 1][part] = text
        }
        return days
    }
}
