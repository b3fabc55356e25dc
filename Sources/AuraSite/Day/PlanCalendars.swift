import AuraPlanner
import Foundation
import SiteEngine

/// The published calendars: `/aura.ics` (every planned day; `PageFactory.calendarPath`) and `/schedule/DATE/aura.ics`
/// (one day, to import with its alarms).
struct PlanCalendars: Sendable {
    let snapshot: PlanSnapshot
    let factory: PageFactory

    /// Every calendar file, by output path.
    func files() -> [(path: String, data: Data)] {
        let title = factory.configuration.title
        var files = [
            (
                factory.calendarPath,
                Data(
                    CalendarFeed(
                        name: title, description: "Your planned days from \(title), with an alarm for each block.",
                        events: snapshot.days.flatMap(events(for:)) + nudge()
                    ).ics.utf8)
            )
        ]
        for day in snapshot.days {
            let feed = CalendarFeed(
                name: "\(title) · \(DayText.title(day.date))",
                description: "The blocks of \(DayText.title(day.date)), with their alarms.",
                events: events(for: day) + (day == snapshot.today ? nudge() : []))
            files.append((BlockLink.dayPath(day.date, root: "") + "aura.ics", Data(feed.ics.utf8)))
        }
        return files
    }

    private var host: String { factory.configuration.baseURL.host ?? "aura" }

    private func events(for day: DayPlan) -> [CalendarEvent] {
        let notes = Dictionary(uniqueKeysWithValues: day.notifications.map { ($0.blockId, $0) })
        return day.blocks.map { block in
            let version = snapshot.events[block.id]
            let tasks = block.tasks.map { "• \($0.title) (\(durationText($0.minutes)))" }.joined(separator: "\n")
            let note = notes[block.id]
            return CalendarEvent(
                uid: "\(block.id)@\(host)", sequence: version?.sequence ?? 0,
                stamp: version?.stamp ?? snapshot.generated,
                start: day.instant(block.span.start), end: day.instant(block.span.end),
                summary: "\(block.category.emoji) " + listText(block.tasks.map(\.title)),
                description: "\(block.category.name) · Focus: \(block.focusMode.rawValue)\n\(tasks)"
                    + (note.map { "\n\n\($0.cue)" } ?? ""),
                categories: [block.category.name],
                url: factory.absoluteURL(factory.deepLink(BlockLink.path(block, on: day.date, root: "/"))),
                alarm: note.map { ($0.fireDate, "\($0.title) — \($0.body)") })
        }
    }

    /// The daily nudge as one event whose UID never changes; its sequence is the day's
    /// number, so each new day's nudge replaces the last.
    private func nudge() -> [CalendarEvent] {
        guard let today = snapshot.today else { return [] }
        let nudge = today.nudge
        return [
            CalendarEvent(
                uid: "\(DailyNudge.id)@\(host)",
                sequence: LocalDate(year: 2000, month: 1, day: 1)!.days(to: today.date),
                stamp: snapshot.generated, start: nudge.fireDate, end: nudge.fireDate.addingTimeInterval(5 * 60),
                summary: nudge.title, description: nudge.body, categories: ["Aura"],
                url: factory.absoluteURL(factory.deepLink("/dashboard/")), alarm: (nudge.fireDate, nudge.body))
        ]
    }
}
