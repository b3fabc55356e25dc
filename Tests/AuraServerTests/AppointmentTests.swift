import Foundation
import Testing

@testable import AuraServer

/// Appointments as a signed-in person lives them: one before the day window is on the
/// schedule and reminded at its time; one the calendar overlaps stays in view as a clash, with
/// the choices, and its "Move to" button moves it where it fits.
@Suite struct AppointmentTests {
    /// The page's form that posts to `action` and holds `marker`, as field name → value.
    private func form(in page: String, action: String, holding marker: String) throws -> [String: String] {
        let forms = page.components(separatedBy: "<form ").dropFirst().map { $0.components(separatedBy: "</form>")[0] }
        let chosen = try #require(
            forms.first { $0.contains("action=\"\(action)\"") && $0.contains(marker) },
            "no form to \(action) holding \(marker)")
        var fields: [String: String] = [:]
        for input in chosen.components(separatedBy: "<input ").dropFirst() {
            func attribute(_ name: String) -> String? {
                guard let start = input.range(of: "\(name)=\"") else { return nil }
                return String(input[start.upperBound...].prefix { $0 != "\"" })
            }
            if let name = attribute("name"), let value = attribute("value") { fields[name] = value }
        }
        return fields
    }

    @Test func anAppointmentBeforeTheWindowAndOneTheCalendarOverlapsAreBothKept() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let token = try await owner.get("/planner/").formToken()
        // The clock is 07:00; the window opens at 08:30; the standup runs 09:30–09:45.
        let planned = await owner.post(
            "/planner/plan", form: ["csrf": token, "inbox": "zzgym at 7:30 45m\nzzdentist at 9:35 30m"])
        #expect(planned.status == 303)
        let today = site.date()
        let schedule = await owner.get("/schedule/\(today)/")
        #expect(schedule.status == 200)
        let gym = try #require(try site.tasks().first { $0["title"] as? String == "zzgym" }?["id"] as? String)
        #expect(schedule.text.contains("id=\"block-\(today)-\(gym)\""), "the 07:30 appointment is not on the schedule")
        let reminders = try #require(
            try JSONSerialization.jsonObject(with: await owner.get("/notifications.json").body) as? [String: Any])
        let notifications = try #require(reminders["notifications"] as? [[String: Any]])
        #expect(
            notifications.contains {
                $0["id"] as? String == "notify-\(today)-\(gym)"
                    && ($0["fireDate"] as? String)?.hasPrefix("\(today)T07:30:00") == true
            }, "no reminder at 07:30 for the appointment")

        let dentist = try #require(
            try site.tasks().first { $0["title"] as? String == "zzdentist" }?["id"] as? String)
        #expect(schedule.text.contains("Clashes with “Team standup” (09:30–09:45) in your calendar."))
        let move = try form(in: schedule.text, action: "/api/edit", holding: "value=\"\(dentist)\"")
        let tomorrow = try form(in: schedule.text, action: "/api/move", holding: "value=\"\(dentist)\"")
        #expect(tomorrow["date"] == site.date(daysFromToday: 1))
        let freeAt = try #require(move["time"])
        let moved = await owner.post(
            "/api/edit", form: ["csrf": move["csrf"] ?? "", "id": dentist, "time": freeAt, "then": move["then"] ?? ""])
        #expect(moved.status == 303)
        #expect(try site.task(dentist)["time"] as? String == freeAt)
        let after = await owner.get("/schedule/\(today)/")
        #expect(!after.text.contains("Clashes with"), "the moved appointment still clashes")
        #expect(after.text.contains("<time datetime=\"\(freeAt)\">\(freeAt)</time>"))
    }
}
