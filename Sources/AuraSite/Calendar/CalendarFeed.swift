import Foundation
import SiteEngine

/// One event in a published calendar, with its alarm.
struct CalendarEvent: Sendable, Equatable {
    /// Derived from the tasks and the day, never from titles or times, so a re-published
    /// feed updates the event instead of adding a second one.
    let uid: String
    /// Raised each time the event's time changes.
    let sequence: Int
    /// When this version of the event was created; unchanged while the event is unchanged.
    let stamp: Date
    let start: Date
    let end: Date
    let summary: String
    let description: String
    let categories: [String]
    let url: String
    /// When the alarm rings, and what it says; `nil` for no alarm.
    let alarm: (fireDate: Date, text: String)?

    static func == (lhs: CalendarEvent, rhs: CalendarEvent) -> Bool {
        lhs.uid == rhs.uid && lhs.sequence == rhs.sequence && lhs.stamp == rhs.stamp && lhs.start == rhs.start
            && lhs.end == rhs.end && lhs.summary == rhs.summary && lhs.description == rhs.description
            && lhs.categories == rhs.categories && lhs.url == rhs.url
            && lhs.alarm?.fireDate == rhs.alarm?.fireDate && lhs.alarm?.text == rhs.alarm?.text
    }
}

/// A subscribable or importable calendar of planned blocks.
struct CalendarFeed: Sendable {
    let name: String
    let description: String
    let events: [CalendarEvent]

    static let productID = "-//Aura//Aura Planner//EN"

    /// The feed as RFC 5545 text, times in UTC.
    var ics: String {
        var writer = ICalendarWriter()
        writer.begin("VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", Self.productID)
        writer.property("CALSCALE", "GREGORIAN")
        writer.text("NAME", name)
        writer.text("X-WR-CALNAME", name)
        writer.text("DESCRIPTION", description)
        writer.property("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        writer.property("X-PUBLISHED-TTL", "PT1H")
        for event in events {
            writer.begin("VEVENT")
            writer.property("UID", event.uid)
            writer.property("SEQUENCE", String(event.sequence))
            writer.property("DTSTAMP", ICalendarWriter.utc(event.stamp))
            writer.property("DTSTART", ICalendarWriter.utc(event.start))
            writer.property("DTEND", ICalendarWriter.utc(event.end))
            writer.text("SUMMARY", event.summary)
            writer.text("DESCRIPTION", event.description)
            if !event.categories.isEmpty {
                writer.property("CATEGORIES", event.categories.map(ICalendarWriter.escape).joined(separator: ","))
            }
            writer.property("URL;VALUE=URI", event.url)
            writer.property("TRANSP", "OPAQUE")
            if let alarm = event.alarm {
                writer.begin("VALARM")
                writer.property("ACTION", "DISPLAY")
                writer.text("DESCRIPTION", alarm.text)
                writer.property(
                    "TRIGGER;RELATED=START",
                    ICalendarWriter.duration(seconds: Int(alarm.fireDate.timeIntervalSince(event.start))))
                writer.end()
            }
            writer.end()
        }
        writer.end()
        return writer.document
    }
}

/// The address a calendar app subscribes to for the feed at `address` (`https://…/aura.ics`):
/// the same with the `webcal://` scheme, which phones and desktop calendars open as a subscription.
package func calendarSubscription(to address: String) -> String {
    "webcal://" + address.drop { $0 != ":" }.dropFirst(3)
}
