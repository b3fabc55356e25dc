import AuraCalendar
import AuraPlanner
import AuraSettings
import Diagnostics
import Foundation
import Platform
import SiteEngine

/// A person's planner on disk: `<content>/planner/` with its inbox, task store, plan and
/// calendar (the inbox, store and calendar may be placed elsewhere), the site's planner
/// settings, and the lock that every writer holds. The CLI, cron and the server all reach the
/// planner through it, so they share one set of rules for reading and writing it.
public struct PlannerFolder: Sendable {
    /// One of the planner's files; a file named explicitly must exist, a default one may not.
    public struct File: Sendable {
        public let url: URL
        let mustExist: Bool
    }

    public let content: URL
    public let inbox: File
    public let store: File
    let calendar: File

    public init(content: URL, inbox: URL? = nil, store: URL? = nil, calendar: URL? = nil) {
        self.content = content
        let folder = content.appendingPathComponent(PlannerLayout.folder)
        self.inbox = File(url: inbox ?? folder.appendingPathComponent(PlannerLayout.inbox), mustExist: inbox != nil)
        self.store = File(url: store ?? folder.appendingPathComponent(PlannerLayout.store), mustExist: store != nil)
        self.calendar = File(
            url: calendar ?? folder.appendingPathComponent(PlannerLayout.calendar), mustExist: calendar != nil)
    }

    /// The planner's own folder (`planner/` in the content folder).
    public var folder: URL { content.appendingPathComponent(PlannerLayout.folder) }
    /// What the last plan decided (`plan.json`), which the build renders.
    public var snapshot: URL { folder.appendingPathComponent(PlannerLayout.plan) }

    /// What the last plan decided; nil before the first plan, or when `plan.json` cannot be
    /// read (the next plan writes it anew; the site's build reports where it is broken).
    public func plan() -> PlanSnapshot? {
        Self.plans.value(snapshot.path, paths: [snapshot.path], in: .disk) {
            try? PlanSnapshot.decode(Data(contentsOf: snapshot))
        }
    }

    /// Plans and stores as last decoded, by path.
    private static let plans = StampedInputs<PlanSnapshot?>()
    private static let stores = StampedInputs<TaskStore>()
    /// Each planner as one value (`read()`), by folder.
    static let states = StampedInputs<PlannerState>()
    /// Changes to each store, written in groups.
    private static let commits = StoreCommits()

    /// The planner's settings from `site.yml` (`PlannerSettings.current`).
    public func settings() throws -> PlannerSettings {
        try PlannerSettings.current(in: content)
    }

    /// The content folder's lock (`planner/.aura.lock`): every writer of the store, the plan or
    /// the inbox holds it exclusively, a build reading them holds it shared, so two commands,
    /// cron and the server never lose each other's update. A shared lock is nil when no writer
    /// ever ran here. `onWait` hears once if the wait passes a second.
    func lock(exclusive: Bool, onWait: @escaping @Sendable () -> Void) throws -> FileLock? {
        let url = folder.appendingPathComponent(PlannerLayout.lock)
        return exclusive
            ? try FileLock.exclusive(url, onWait: onWait) : try FileLock.sharedIfPresent(url, onWait: onWait)
    }

    /// Removes the copies of the planner's files that writers killed midway left (each written
    /// beside its file, then renamed over it), under the folder's lock; nothing when the
    /// folder does not exist.
    public func removeLeftoverCopies() throws {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        let held = try lock(exclusive: true, onWait: {})
        defer { held?.release() }
        AtomicFile.removeLeftovers(in: folder)
    }

    /// The text of one of the planner's files, or nil when a default one does not exist.
    func text(of file: File) throws -> String? {
        guard file.mustExist || FileManager.default.fileExists(atPath: file.url.path) else { return nil }
        return try ContentFile.read(file.url)
    }

    /// The task store, or an empty one when the file does not exist yet (unless `existing`).
    /// A file that cannot be read is an error naming its position, and is never written over.
    public func loadStore(existing: Bool = false) throws -> TaskStore {
        let url = store.url
        guard FileManager.default.fileExists(atPath: url.path) else {
            guard !existing else {
                throw SourceError(
                    file: displayPath(url), line: 1, column: 1,
                    message: "no task store yet; run 'aura plan' to create it from the inbox")
            }
            return TaskStore()
        }
        return try Self.stores.value(url.path, paths: [url.path], in: .disk) { try Self.decodeStore(at: url) }
    }

    private static func decodeStore(at url: URL) throws -> TaskStore {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SourceError(
                file: displayPath(url), line: 1, column: 1, message: "cannot read the task store; it was left as it is")
        }
        do {
            return try TaskStore.decode(data)
        } catch {
            throw SourceError(
                file: displayPath(url), line: error.line, column: error.column,
                message: "\(error.message); the task store was left as it is")
        }
    }

    /// Replaces the store file atomically; the next read of the file, unchanged since, is this
    /// store without decoding it again.
    func save(_ taskStore: TaskStore) throws {
        let written = try AtomicFile.write(taskStore.encoded(), to: store.url)
        if written != .missing {
            Self.stores.keep(taskStore, store.url.path, paths: [store.url.path], stamps: [written])
        }
    }

    /// Replaces `plan.json` atomically; the next read of the file, unchanged since, is this plan
    /// without decoding it again.
    func write(_ plan: PlanSnapshot) throws {
        let written = try AtomicFile.write(plan.encoded(), to: snapshot)
        if written != .missing { Self.plans.keep(plan, snapshot.path, paths: [snapshot.path], stamps: [written]) }
    }

    /// Changes the existing store under the exclusive lock: read, `change`, save. What
    /// `change` throws leaves the store as it was. Changes that come together (a server's Dones
    /// and Snoozes) are read and written together (`StoreCommits`); each returns once written.
    func changeStore<Result>(
        onWait: @escaping @Sendable () -> Void = {},
        _ change: (inout TaskStore) throws -> Result
    ) throws -> Result {
        try withoutActuallyEscaping(change) { change in
            var result: Result?
            let pending = StoreCommits.Change { store in result = try change(&store) }
            try Self.commits.commit(pending, path: store.url.path) { group in
                let held = try lock(exclusive: true, onWait: onWait)
                defer { held?.release() }
                var taskStore = try loadStore(existing: true)
                var changed = false
                for member in group {
                    var attempt = taskStore
                    do {
                        try member.apply(to: &attempt)
                        taskStore = attempt
                        changed = true
                    } catch {
                        member.failure = error
                    }
                }
                if changed { try save(taskStore) }
            }
            return result!
        }
    }

    /// `changeStore`, and in the same transaction the days of the current plan whose tasks the
    /// change touched planned again from `now` (`DayPlanner.replan`): an edited, moved or
    /// removed task is shown where it now belongs. A calendar that cannot be read leaves the
    /// plan as it was; the change is kept, and the next plan or build reports the calendar.
    public func changeStoreAndPlan<Result>(
        now: Date, onWait: @escaping @Sendable () -> Void = {}, _ change: (inout TaskStore) throws -> Result
    ) throws -> Result {
        let held = try lock(exclusive: true, onWait: onWait)
        defer { held?.release() }
        var taskStore = try loadStore(existing: true)
        let before = taskStore
        let result = try change(&taskStore)
        try save(taskStore)
        guard let previous = plan() else { return result }
        let touched = taskStore.daysTouched(since: before, among: previous.days.map(\.date))
        try replan(previous, touching: touched, store: taskStore, now: now)
        return result
    }

    /// Plans the rest of today again from `now` when blocks passed undone (`DayPlanner.reflow`),
    /// under the exclusive lock: the new plan is kept, and the store remembers the day as it was
    /// for Undo, as a change made at `at`. Returns what happened, nil when nothing had passed
    /// undone (or there is no plan, or its calendar cannot be read).
    public func reflow(now: Date, at: Int64, onWait: @escaping @Sendable () -> Void = {}) throws
        -> DayPlanner.Reflow?
    {
        // A look without the lock first: most of the time no block of today has ended yet.
        let settings = try settings()
        let today = settings.day(of: now)
        guard let peek = plan()?.days.first(where: { $0.date == today }),
            DayPlanner(settings: settings).mayReflow(peek, now: now)
        else { return nil }
        let held = try lock(exclusive: true, onWait: onWait)
        defer { held?.release() }
        guard FileManager.default.fileExists(atPath: store.url.path), let previous = plan() else { return nil }
        guard let day = previous.days.first(where: { $0.date == today }) else { return nil }
        let calendar: ICSCalendar?
        do { calendar = try busyCalendar(settings) } catch { return nil }
        var taskStore = try loadStore(existing: true)
        guard
            let reflow = DayPlanner(settings: settings).reflow(day, store: taskStore, now: now, calendar: calendar)
        else { return nil }
        taskStore.rememberReflow(of: day, missed: reflow.missed, at: at)
        try save(taskStore)
        try keep(reflow.day, in: previous, now: now)
        return reflow
    }

    /// Keeps `day` in place of the plan of its date in `previous`, as planned at `now`.
    func keep(_ day: DayPlan, in previous: PlanSnapshot, now: Date) throws {
        let days = previous.days.map { $0.date == day.date ? day : $0 }
        try write(PlanSnapshot(days: days, now: now, previous: previous))
    }

    /// Replaces the calendar file with `data` (nil removes it) under the exclusive lock, and in
    /// the same transaction plans the current plan's days from `now` again around it.
    public func changeCalendarAndPlan(to data: Data?, now: Date) throws {
        let held = try lock(exclusive: true, onWait: {})
        defer { held?.release() }
        if let data {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(data, to: calendar.url)
        } else if FileManager.default.fileExists(atPath: calendar.url.path) {
            try FileManager.default.removeItem(at: calendar.url)
        }
        guard let previous = plan() else { return }
        try replan(previous, touching: Set(previous.days.map(\.date)), store: try loadStore(), now: now)
    }

    /// Plans `touched` days of `previous` again (`DayPlanner.replan`) and keeps the plan; a
    /// calendar that cannot be read leaves the plan as it was (the next plan or build reports it).
    private func replan(
        _ previous: PlanSnapshot, touching touched: Set<LocalDate>, store taskStore: TaskStore, now: Date
    )
        throws
    {
        guard !touched.isEmpty else { return }
        let settings = try settings()
        let calendar: ICSCalendar?
        do { calendar = try busyCalendar(settings) } catch { return }
        let days = DayPlanner(settings: settings).replan(
            previous, touching: touched, store: taskStore, now: now, calendar: calendar)
        try write(PlanSnapshot(days: days, now: now, previous: previous))
    }

    /// The calendar's busy time (`planner/calendar.ics`), or nil when there is none; problems
    /// are `SourceErrors` naming the file.
    func busyCalendar(_ settings: PlannerSettings) throws -> ICSCalendar? {
        do {
            return try text(of: calendar).map { text throws(InputError) in
                try ICSCalendar(text: text, floatingTimeZone: settings.timeZone)
            }
        } catch let error as InputError {
            throw Self.sourceErrors([error], in: calendar.url)
        }
    }

    /// Turns problems in one of the planner's files into errors naming it.
    static func sourceErrors(_ errors: [InputError], in url: URL) -> SourceErrors {
        SourceErrors(
            errors: errors.map {
                SourceError(file: displayPath(url), line: $0.line, column: $0.column, message: $0.message)
            })
    }
}
