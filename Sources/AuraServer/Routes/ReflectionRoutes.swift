import AuraHTTP
import AuraPlanner
import AuraSite
import Foundation

/// `POST /api/reflection`: the person's own morning and evening answers for a day. The page's
/// script sends one answer as JSON (`date`, `part`: `morning` or `evening`, `text`, with
/// `actionId` and `at` like every action, so an offline queue replays it once and an older
/// change never wins); the form without scripts sends both (`date`, `morning`, `evening`).
extension AuraApp {
    func saveReflections(_ fields: [String: String], of session: Accounts.Session, now: Date) throws -> Outcome {
        guard let date = fields["date"], let day = LocalDate(iso: date) else {
            throw ActionProblem(status: 422, message: "expected the day as YYYY-MM-DD", page: "reflections/")
        }
        let answers: [(Accounts.ReflectionPart, String)]
        if let part = fields["part"] {
            guard let part = Accounts.ReflectionPart(rawValue: part) else {
                throw ActionProblem(status: 422, message: "expected part: \"morning\" or \"evening\"")
            }
            answers = [(part, fields["text"] ?? "")]
        } else {
            answers = Accounts.ReflectionPart.allCases.compactMap { part in fields[part.rawValue].map { (part, $0) } }
        }
        guard !answers.isEmpty else {
            throw ActionProblem(status: 422, message: "nothing to save", page: "reflections/")
        }
        let longest = Accounts.longestReflection
        if answers.contains(where: { $0.1.count > longest }) {
            throw ActionProblem(
                status: 413, message: "A reflection holds up to \(longest) characters; nothing was saved.",
                page: "reflections/")
        }
        let at = Self.changeTime(fields, now: now)
        var applied = true
        for (part, text) in answers {
            // A form's textarea sends CRLF line ends; keep what the person wrote, with \n.
            let text = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            applied = try accounts.saveReflection(text, day: day, part: part, of: session.personID, at: at) && applied
        }
        return Outcome(then: "reflections/?saved=1", json: ["date": day.iso, "applied": applied])
    }

    /// The signed-in person's own reflections as the reflections page shows them: the answers
    /// for `day` in its fields, and the earlier days' below.
    func journal(of session: Accounts.Session, day: LocalDate, saved: Bool) throws -> SessionContext.Journal {
        let days = try accounts.reflections(of: session.personID)
        let current = days.first { $0.day == day } ?? Accounts.DayReflection(day: day)
        let earlier = days.filter { $0.day != day }.map {
            SessionContext.Journal.Entry(
                date: $0.day.iso, title: DayText.title($0.day), morning: $0.morning.isEmpty ? nil : $0.morning,
                evening: $0.evening.isEmpty ? nil : $0.evening)
        }
        return SessionContext.Journal(
            date: day.iso, morning: current.morning, evening: current.evening, action: root + "api/reflection",
            justSaved: saved, earlier: earlier, hasEarlier: !earlier.isEmpty)
    }

    /// The day the reflections page is about: the plan's first day (as the page's own
    /// reflections), else today where the person is.
    func journalDay(of session: Accounts.Session) throws -> LocalDate {
        let folder = try planner(of: session)
        return try folder.read().plan?.today?.date ?? folder.settings().day(of: clock())
    }
}
