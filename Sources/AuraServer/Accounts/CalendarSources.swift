import AuraSQL
import Foundation

/// The calendar addresses people gave, in the accounts database, with how the last fetch went.
extension Accounts {
    /// A person's calendar address, and its last fetch: when it worked, and what went wrong since.
    struct CalendarSource: Sendable, Equatable {
        let personID: Int64
        let url: String
        let fetched: Date?
        let problem: String?
    }

    /// Keeps `url` as `personID`'s calendar address (nil forgets it).
    func setCalendarSource(_ url: String?, of personID: Int64) throws {
        try database.withConnection { database in
            if let url {
                _ = try database.execute(
                    """
                    INSERT INTO calendar_sources (person_id, url) VALUES (?, ?)
                    ON CONFLICT (person_id) DO UPDATE SET url = excluded.url, fetched = NULL, problem = NULL, claimed = NULL
                    """, [.integer(personID), .text(url)])
            } else {
                _ = try database.execute("DELETE FROM calendar_sources WHERE person_id = ?", [.integer(personID)])
            }
        }
    }

    /// Takes the scheduled refresh of `personID`'s calendar on this server, in one statement:
    /// true for one server of those asking within `every` (the refresh's period), so replicas
    /// fetch each calendar once a period between them.
    func claimCalendarRefresh(of personID: Int64, now: Date, every: TimeInterval) throws -> Bool {
        let stamp = Int64(now.timeIntervalSince1970)
        return try database.withConnection { database in
            try !database.execute(
                """
                UPDATE calendar_sources SET claimed = ? WHERE person_id = ? AND (claimed IS NULL OR claimed <= ?)
                RETURNING 1
                """, [.integer(stamp), .integer(personID), .integer(stamp - Int64(every / 2))]
            ).isEmpty
        }
    }

    /// Notes how a fetch of `personID`'s calendar went at `now`: fine (no problem), or why not.
    func noteCalendarFetch(of personID: Int64, problem: String?, now: Date) throws {
        try database.withConnection { database in
            if let problem {
                _ = try database.execute(
                    "UPDATE calendar_sources SET problem = ? WHERE person_id = ?", [.text(problem), .integer(personID)])
            } else {
                _ = try database.execute(
                    "UPDATE calendar_sources SET fetched = ?, problem = NULL WHERE person_id = ?",
                    [.integer(Int64(now.timeIntervalSince1970)), .integer(personID)])
            }
        }
    }

    /// Every calendar address, or only `personID`'s.
    func calendarSources(of personID: Int64? = nil) throws -> [CalendarSource] {
        let rows = try database.withConnection { database in
            try database.execute(
                "SELECT person_id, url, fetched, problem FROM calendar_sources"
                    + (personID == nil ? "" : " WHERE person_id = ?"), personID.map { [.integer($0)] } ?? [])
        }
        return rows.compactMap { row in
            guard let person = row[0].integer, let url = row[1].text else { return nil }
            return CalendarSource(
                personID: person, url: url,
                fetched: row[2].integer.map { Date(timeIntervalSince1970: TimeInterval($0)) }, problem: row[3].text)
        }
    }
}
