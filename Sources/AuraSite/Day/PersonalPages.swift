import AuraPlanner
import Foundation
import SiteEngine

/// The personal pages: dashboard, planner, the schedule of each planned day, notifications
/// and reflections — all from what `aura plan` last decided.
struct PersonalPages: Sendable {
    let pages: [Page]

    struct Dashboard: Encodable, Sendable {
        struct QuickLink: Encodable, Sendable {
            let title: String
            let url: String
            let description: String
        }

        struct CulturePick: Encodable, Sendable {
            let title: String
            let url: String
            let creator: String
            let why: String
        }

        /// Tonight's picks for the evening the person's own day leaves.
        struct Tonight: Encodable, Sendable {
            let label: String
            let headline: String
            let picks: [CulturePick]
        }

        let hasPlan: Bool
        let day: DayViewModel?
        let next: DayViewModel.Item?
        let morningHTML: String?
        let eveningHTML: String?
        /// The plan's day, and when its evening starts (`18:30`: the day window's end), after
        /// which the evening's reflection takes the morning's place.
        let date: String?
        let eveningFrom: String?
        /// Whether the plan was made in the evening: its reflection is the one shown first.
        let isEvening: Bool
        let tonight: Tonight?
        let links: [QuickLink]
        let planCommand = "aura plan --build"
    }

    struct Schedule: Encodable, Sendable {
        let day: DayViewModel
        let notificationsURL: String
    }

    struct Reflections: Encodable, Sendable {
        let hasPlan: Bool
        let date: String?
        let dateTitle: String?
        let morningHTML: String?
        let eveningHTML: String?
        let tonight: Dashboard.Tonight?
    }

    init(content: SiteContent, picks: TonightsPicks, factory: PageFactory, contentDirectory: URL) throws {
        let root = factory.root
        let snapshot = content.planner.snapshot
        let days = snapshot?.days ?? []
        let today = snapshot?.today
        let views = days.indices.map { index in
            DayViewModel(
                days[index], isToday: index == 0, previous: index > 0 ? days[index - 1] : nil,
                next: index + 1 < days.count ? days[index + 1] : nil, root: root, store: content.planner.store)
        }
        let facts = today.map { ReflectionFacts($0, store: content.planner.store) }
        func reflection(_ time: Reflection.Time) throws -> String? {
            guard let facts, let today else { return nil }
            return try content.reflections.choose(time, for: facts, date: today.date.iso)?.render(facts)
        }
        let morning = try reflection(.morning)
        let evening = try reflection(.evening)

        func personal<Model: Encodable>(
            _ path: String, _ kind: PageKind, _ title: String, _ description: String, _ model: Model,
            canonicalPath: String? = nil
        ) throws -> Page {
            try factory.page(
                path: path, kind: kind, title: title, description: description, content: model,
                inSitemap: false, noindex: true, canonicalPath: canonicalPath, section: "/dashboard/")
        }
        let tonight =
            picks.picks.isEmpty
            ? nil
            : Dashboard.Tonight(
                label: CultureCard.energyLabel(picks.evening.level), headline: picks.evening.headline,
                picks: picks.picks.map {
                    Dashboard.CulturePick(
                        title: $0.entry.title, url: root + "culture/\($0.entry.slug)/", creator: $0.entry.creator,
                        why: $0.why)
                })
        let planned = today != nil
        let links: [Dashboard.QuickLink] = [Dashboard.QuickLink?]([
            Dashboard.QuickLink(
                title: "Planner", url: root + "planner/", description: "The inbox as captured, and Plan My Day"),
            planned
                ? Dashboard.QuickLink(title: "Schedule", url: root + "schedule/", description: "Today, block by block")
                : nil,
            planned
                ? Dashboard.QuickLink(title: "Week", url: root + "week/", description: "The coming days side by side")
                : nil,
            planned
                ? Dashboard.QuickLink(title: "Focus", url: root + "focus/", description: "One task, full screen") : nil,
            Dashboard.QuickLink(
                title: "Reflections", url: root + "reflections/", description: "This morning and tonight"),
            planned
                ? Dashboard.QuickLink(
                    title: "Notifications", url: root + "notifications/",
                    description: "Every alarm, with Done and Snooze") : nil,
            Dashboard.QuickLink(
                title: "Culture", url: root + "culture/", description: "Literature, theatre and drama to choose from")
        ]).compactMap(\.self)
        var pages = [
            try personal(
                "/dashboard/", .dashboard, "Today", "Today at a glance: the next block, the load and tonight's picks.",
                Dashboard(
                    hasPlan: today != nil, day: views.first, next: views.first?.timeline.first { $0.isBlock },
                    morningHTML: morning, eveningHTML: evening, date: today?.date.iso,
                    eveningFrom: today.map { clockText(minutes: $0.isEvening ? $0.window.start : $0.window.end) },
                    isEvening: today?.isEvening ?? false, tonight: tonight, links: links)),
            try personal(
                "/planner/", .planner, "Planner", "The inbox as captured, each item with its category and reason.",
                PlannerViewModel(
                    content.planner, root: root,
                    inboxPath: Self.inboxPath(in: contentDirectory))),
            try personal(
                "/reflections/", .reflections, "Reflections", "This morning's and tonight's reflection, and your own.",
                Reflections(
                    hasPlan: today != nil, date: today?.date.iso, dateTitle: today.map { DayText.title($0.date) },
                    morningHTML: morning, eveningHTML: evening, tonight: tonight))
        ]
        if let snapshot, let today, let view = views.first {
            pages.append(
                try personal(
                    "/week/", .week, "Week", "The coming days side by side, the most important task largest.",
                    WeekViewModel(snapshot, store: content.planner.store, root: root)))
            pages.append(
                try personal(
                    "/focus/", .focus, "Focus", "One task, full screen, with the time left in its block.",
                    FocusViewModel(today, root: root)))
            pages.append(
                try personal(
                    "/notifications/", .notifications, "Notifications",
                    "Every notification of today, with its exact time.",
                    NotificationsViewModel(today, factory: factory)))
            pages.append(
                try personal(
                    "/schedule/", .schedule, "Schedule · \(view.title)", "The time-blocked day.",
                    Schedule(day: view, notificationsURL: root + "notifications/"),
                    canonicalPath: "/schedule/\(view.date)/"))
        }
        for view in views {
            pages.append(
                try personal(
                    "/schedule/\(view.date)/", .schedule, "Schedule · \(view.title)", "The time-blocked day.",
                    Schedule(day: view, notificationsURL: root + "notifications/")))
        }
        self.pages = pages
    }

    /// The inbox as the planner page names it: inside the content folder, by that folder's own
    /// name, so the output is the same wherever the folder lives (`Content/planner/inbox.md`).
    static func inboxPath(in contentDirectory: URL) -> String {
        contentDirectory.standardizedFileURL.lastPathComponent + "/planner/inbox.md"
    }
}
