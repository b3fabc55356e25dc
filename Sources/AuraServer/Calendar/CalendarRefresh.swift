import AuraUseCases
import Foundation

extension AuraApp {
    /// The planner of a person, where the server keeps it (`PlannerDirectory`).
    func planner(personID: Int64, isOwner: Bool, preparing: Bool = true) throws -> any PlannerStore {
        try planners.planner(personID: personID, isOwner: isOwner, preparing: preparing)
    }

    /// Fetches `url` (checked against the site's calendar hosts) and keeps it as the person's
    /// calendar, noting how it went; returns how many events it holds, or throws why not.
    @discardableResult
    func fetchCalendar(_ url: String, personID: Int64, isOwner: Bool) throws -> Int {
        do {
            let address = try CalendarAddress(
                url, allowedHosts: try serverSettings.calendarHosts, localHosts: try serverSettings.calendarLocalHosts)
            let data = try CalendarFetch.fetch(address)
            let events = try PersonalCalendar(planner: planner(personID: personID, isOwner: isOwner))
                .replace(
                    with: data,
                    named: address.url.lastPathComponent.isEmpty ? address.host : address.url.lastPathComponent,
                    now: clock())
            try accounts.noteCalendarFetch(of: personID, problem: nil, now: clock())
            return events
        } catch {
            try accounts.noteCalendarFetch(of: personID, problem: "\(error)", now: clock())
            throw error
        }
    }

    /// Every calendar address people gave is fetched again on a schedule (`accounts:
    /// calendar_refresh` minutes in `site.yml`, hourly by default), one after another on a queue
    /// of its own: a fetch that works replaces the person's calendar and plans their days again
    /// around it; one that fails keeps the calendar they had and says why on their account page.
    func startCalendarRefresh() throws {
        let minutes = try serverSettings.calendarRefreshMinutes
        calendarRefresh.withLock { refresh in
            refresh = RepeatingTimer(label: "aura.serve.calendars", every: .seconds(minutes * 60)) { [weak self] in
                self?.refreshCalendars(every: TimeInterval(minutes * 60))
            }
        }
    }

    /// Fetches everyone's calendar address again, each one this server claims for the period
    /// `every` (with replicas, each calendar is fetched by one of them).
    func refreshCalendars(every: TimeInterval) {
        guard let people = try? accounts.people(), let sources = try? accounts.calendarSources() else { return }
        for source in sources {
            guard let person = people.first(where: { $0.id == source.personID }),
                (try? accounts.claimCalendarRefresh(of: person.id, now: clock(), every: every)) == true
            else { continue }
            _ = try? fetchCalendar(source.url, personID: person.id, isOwner: person.isOwner)
        }
    }
}
