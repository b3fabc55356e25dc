import AuraPlanner
import Foundation
import SiteEngine

/// The personal pages: dashboard, planner, the schedule of each planned day, notifications
/// and reflections — all from what `aura plan` last decided.
struct PersonalPages: Sendable {

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

    /// The content whose planner the pages show; each page is made when asked for (`page(at:)`).
    let content: SiteContent
    let factory: PageFactory
    let contentDirectory: URL

    /// Every personal page, in the order a build lists them.
    var pages: [Page] {
        get throws { try paths.map { try page(at: $0)! } }
    }

    /// The public path of each personal page: the dashboard, planner and reflections always;
    /// with a plan, the week, focus, notifications, today's schedule and each day's.
    var paths: [String] {
        let days = content.planner.snapshot?.days ?? []
        return Self.alwaysPaths
            + (days.isEmpty ? [] : Self.plannedPaths + days.map { BlockLink.dayPath($0.date, root: "/") })
    }

    private static let alwaysPaths = ["/dashboard/", "/planner/", "/reflections/"]
    private static let plannedPaths = ["/week/", "/focus/", "/notifications/", "/schedule/"]

    /// The page at public path `path` (as `paths` lists it, without the site root); nil when
    /// there is none.
    func page(at path: String) throws -> Page? {
        let root = factory.root
        let snapshot = content.planner.snapshot
        let days = snapshot?.days ?? []
        let today = snapshot?.today
        func view(_ index: Int) -> DayViewModel {
            DayViewModel(
                days[index], isToday: index == 0, previous: index > 0 ? days[index - 1] : nil,
                next: index + 1 < days.count ? days[index + 1] : nil, root: root, store: content.planner.store)
        }
        func personal<Model: Encodable>(
            _ kind: PageKind, _ title: String, _ description: String, _ model: Model, canonicalPath: String? = nil
        ) throws -> Page {
            try factory.page(
                path: path, kind: kind, title: title, description: description, content: model,
                inSitemap: false, noindex: true, canonicalPath: canonicalPath, section: "/dashboard/")
        }
        switch path {
        case "/dashboard/":
            let first = days.isEmpty ? nil : view(0)
            let reflections = try reflections()
            return try personal(
                .dashboard, "Today", "Today at a glance: the next block, the load and tonight's picks.",
                Dashboard(
                    hasPlan: today != nil, day: first, next: first?.timeline.first { $0.isBlock },
                    morningHTML: reflections.morning, eveningHTML: reflections.evening, date: today?.date.iso,
                    eveningFrom: today.map { clockText(minutes: $0.isEvening ? $0.window.start : $0.window.end) },
                    isEvening: today?.isEvening ?? false, tonight: tonight, links: links))
        case "/planner/":
            return try personal(
                .planner, "Planner", "The inbox as captured, each item with its category and reason.",
                try PlannerViewModel(content.planner, root: root, inboxPath: Self.inboxPath(in: contentDirectory)))
        case "/reflections/":
            let reflections = try reflections()
            return try personal(
                .reflections, "Reflections", "This morning's and tonight's reflection, and your own.",
                Reflections(
                    hasPlan: today != nil, date: today?.date.iso, dateTitle: today.map { DayText.title($0.date) },
                    morningHTML: reflections.morning, eveningHTML: reflections.evening, tonight: tonight))
        default:
            guard let snapshot, let today, !days.isEmpty else { return nil }
            switch path {
            case "/week/":
                return try personal(
                    .week, "Week", "The coming days side by side, the most important task largest.",
                    WeekViewModel(snapshot, store: content.planner.store, root: root))
            case "/focus/":
                return try personal(
                    .focus, "Focus", "One task, full screen, with the time left in its block.",
                    FocusViewModel(today, root: root))
            case "/notifications/":
                return try personal(
                    .notifications, "Notifications", "Every notification of today, with its exact time.",
                    NotificationsViewModel(today, factory: factory))
            case "/schedule/":
                let first = view(0)
                return try personal(
                    .schedule, "Schedule · \(first.title)", "The time-blocked day.",
                    Schedule(day: first, notificationsURL: root + "notifications/"),
                    canonicalPath: BlockLink.dayPath(days[0].date, root: "/"))
            default:
                guard let index = days.firstIndex(where: { BlockLink.dayPath($0.date, root: "/") == path }) else {
                    return nil
                }
                let day = view(index)
                return try personal(
                    .schedule, "Schedule · \(day.title)", "The time-blocked day.",
                    Schedule(day: day, notificationsURL: root + "notifications/"))
            }
        }
    }

    /// This morning's and tonight's reflection for today's plan, rendered; nil without a plan.
    private func reflections() throws -> (morning: String?, evening: String?) {
        guard let today = content.planner.snapshot?.today else { return (nil, nil) }
        let facts = ReflectionFacts(today, store: content.planner.store)
        func reflection(_ time: Reflection.Time) throws -> String? {
            try content.reflections.choose(time, for: facts, date: today.date.iso)?.render(facts)
        }
        return (try reflection(.morning), try reflection(.evening))
    }

    /// Tonight's culture picks for the evening today's plan leaves; nil when there are none.
    private var tonight: Dashboard.Tonight? {
        let picks = TonightsPicks(
            library: content.culture, evening: EveningEnergy(day: content.day), date: content.day?.date ?? "")
        guard !picks.picks.isEmpty else { return nil }
        return Dashboard.Tonight(
            label: CultureCard.energyLabel(picks.evening.level), headline: picks.evening.headline,
            picks: picks.picks.map {
                Dashboard.CulturePick(
                    title: $0.entry.title, url: factory.root + "culture/\($0.entry.slug)/", creator: $0.entry.creator,
                    why: $0.why)
            })
    }

    /// The dashboard's quick links: the planned day's pages only once there is a plan.
    private var links: [Dashboard.QuickLink] {
        let root = factory.root
        let planned = content.planner.snapshot?.today != nil
        return [Dashboard.QuickLink?]([
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
    }

    /// The inbox as the planner page names it: inside the content folder, by that folder's own
    /// name, so the output is the same wherever the folder lives (`Content/planner/inbox.md`).
    static func inboxPath(in contentDirectory: URL) -> String {
        contentDirectory.standardizedFileURL.lastPathComponent + "/planner/inbox.md"
    }
}
