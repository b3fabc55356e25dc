import AuraPlanner
import AuraSettings
import Diagnostics
import Foundation
import Platform
import SiteEngine
import Synchronization

/// A person's planner kept in files (`PlannerStore`): `<content>/planner/` with its inbox,
/// task store, plan and calendar in the documented formats (the inbox, store and calendar may
/// be placed elsewhere), the site's planner settings, and the lock every writer holds (the
/// CLI, cron and the server alike). Each file is replaced atomically, in an order that lets a
/// change killed midway be finished, never doubled, by the next.
public struct PlannerFolder: PlannerStore {
    /// One of the planner's files; a file named explicitly must exist, a default one may not.
    public struct File: Sendable {
        public let url: URL
        let mustExist: Bool
    }

    /// The content folder whose `site.yml` the planner's settings are read from.
    public let content: URL
    /// The planner's own folder: `planner/` in the content folder, unless placed elsewhere (a
    /// served person's, in the server's state folder).
    public let folder: URL
    public let inbox: File
    public let store: File
    let calendar: File

    public init(content: URL, folder: URL? = nil, inbox: URL? = nil, store: URL? = nil, calendar: URL? = nil) {
        self.content = content
        let folder = folder ?? content.appendingPathComponent(PlannerLayout.folder)
        func file(_ part: PlannerPart, _ url: URL?) -> File {
            File(url: url ?? folder.appendingPathComponent(part.fileName), mustExist: url != nil)
        }
        self.folder = folder
        self.inbox = file(.inbox, inbox)
        self.store = file(.store, store)
        self.calendar = file(.calendar, calendar)
    }

    /// What the last plan decided (`plan.json`), which the build renders.
    public var snapshot: URL { folder.appendingPathComponent(PlannerPart.plan.fileName) }

    /// The planner's settings from `site.yml` (`PlannerSettings.current`).
    public func settings() throws -> PlannerSettings {
        try PlannerSettings.current(in: content)
    }

    public func location(of part: PlannerPart) -> String {
        displayPath(url(of: part))
    }

    private func url(of part: PlannerPart) -> URL {
        switch part {
        case .inbox: inbox.url
        case .store: store.url
        case .plan: snapshot
        case .calendar: calendar.url
        }
    }

    /// The files the planner is read from, in `PlannerPart.allCases` order: any change to the
    /// planner changes one of them.
    public var paths: [String] { PlannerPart.allCases.map { url(of: $0).path } }

    /// A planner as last read or written here, and whether its files still hold a drain that a
    /// killed plan left unfinished (the state shows it finished).
    private struct Kept: Sendable {
        let stamps: StampedPaths
        let state: PlannerState
        let finishesDrain: Bool
    }

    /// Each planner as last read or written by this process, by folder: while its files keep
    /// their stamps (four `stat`s), a read opens no file and takes no lock.
    private static let kept = Mutex<[String: Kept]>([:])
    /// The last generation given out; each state read anew or written takes the next.
    private static let generations = Atomic<UInt64>(0)
    /// Changes to each planner, kept in groups.
    private static let commits = StoreCommits()

    public func read(onWait: @escaping @Sendable () -> Void = {}) throws -> PlannerState {
        try readKept(locked: false, onWait: onWait).state
    }

    /// The planner as kept, or read anew (under the shared lock unless the caller holds the
    /// exclusive one) when a file changed since.
    private func readKept(locked: Bool, onWait: @escaping @Sendable () -> Void) throws -> Kept {
        let stamps = StampedPaths(paths)
        if let last = Self.kept.withLock({ $0[folder.path] }), last.stamps == stamps { return last }
        let held = locked ? nil : try lock(exclusive: false, onWait: onWait)
        defer { held?.release() }
        var taskStore = try readStore()
        var inboxText = try text(of: inbox)
        var finishesDrain = false
        if let undrained = taskStore?.undrainedInbox {
            // The last plan stopped after keeping its capture, before draining the inbox.
            inboxText = Inbox.finishingDrain(of: undrained, in: inboxText ?? "")
            taskStore?.undrainedInbox = nil
            finishesDrain = true
        }
        let state = PlannerState(
            plan: try readPlan(), store: taskStore, inbox: inboxText, calendar: try text(of: calendar),
            generation: Self.generations.add(1, ordering: .relaxed).newValue)
        let read = Kept(stamps: stamps, state: state, finishesDrain: finishesDrain)
        Self.kept.withLock { $0[folder.path] = read }
        return read
    }

    public func update<Result>(
        onWait: @escaping @Sendable () -> Void = {}, _ change: (inout PlannerState) throws -> Result
    ) throws -> Result {
        try withoutActuallyEscaping(change) { change in
            var result: Result?
            let pending = StoreCommits.Change { state in result = try change(&state) }
            try Self.commits.commit(pending, path: folder.path) { group in
                let held = try lock(exclusive: true, onWait: onWait)
                defer { held?.release() }
                PausePoint.reached("planner: lock taken")
                let read = try readKept(locked: true, onWait: onWait)
                let before = read.finishesDrain ? try finishDrain(read.state) : read.state
                try keep(StoreCommits.apply(group, to: before), over: before)
            }
            return result!
        }
    }

    /// Writes the inbox a killed plan left undrained, then the store without the inbox it
    /// remembered; returns the state as kept.
    private func finishDrain(_ state: PlannerState) throws -> PlannerState {
        try AtomicFile.write(Data((state.inbox ?? "").utf8), to: inbox.url)
        if let taskStore = state.store { try write(taskStore.encoded(), to: .store) }
        PausePoint.reached("planner: the last drain finished")
        return remember(state)
    }

    /// Writes the parts of `state` changed since `before` (a part set to nil is removed). A
    /// capture (store and inbox changed together) writes the store first, remembering the inbox
    /// it took the items from, then the plan, then the drained inbox, then the store again: a
    /// kill between leaves the next read to finish the drain (`Inbox.finishingDrain`), never to
    /// capture a line twice.
    private func keep(_ state: PlannerState, over before: PlannerState) throws {
        let changed = state.changed
        guard !changed.isEmpty else { return }
        if changed.contains(.calendar) { try put(state.calendar.map { Data($0.utf8) }, as: .calendar) }
        let capturing = changed.contains(.store) && changed.contains(.inbox) && state.store != nil
        if changed.contains(.store) {
            var taskStore = state.store
            if capturing { taskStore?.undrainedInbox = before.inbox ?? "" }
            try put(taskStore?.encoded(), as: .store)
            if capturing { PausePoint.reached("planner: capture saved") }
        }
        if changed.contains(.plan) {
            try put(state.plan?.encoded(), as: .plan)
            PausePoint.reached("planner: plan written")
        }
        if changed.contains(.inbox) {
            try put(state.inbox.map { Data($0.utf8) }, as: .inbox)
            if capturing { PausePoint.reached("planner: inbox drained") }
        }
        if capturing, let taskStore = state.store { try write(taskStore.encoded(), to: .store) }
        remember(state)
    }

    /// Writes `data` as `part`, or removes the part's file when nil.
    private func put(_ data: Data?, as part: PlannerPart) throws {
        if let data {
            try write(data, to: part)
        } else if FileManager.default.fileExists(atPath: url(of: part).path) {
            try FileManager.default.removeItem(at: url(of: part))
        }
    }

    private func write(_ data: Data, to part: PlannerPart) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url(of: part))
    }

    /// Remembers `state` as what the planner's files now hold, as a new generation: called
    /// under the exclusive lock, after the last of them was written.
    @discardableResult
    private func remember(_ state: PlannerState) -> PlannerState {
        let kept = state.kept(as: Self.generations.add(1, ordering: .relaxed).newValue)
        Self.kept.withLock {
            $0[folder.path] = Kept(stamps: StampedPaths(paths), state: kept, finishesDrain: false)
        }
        return kept
    }

    public func append(toInbox lines: [String], onWait: @escaping @Sendable () -> Void) throws {
        let held = try lock(exclusive: true, onWait: onWait)
        defer { held?.release() }
        try write(Data(Inbox.appending(lines, to: try text(of: inbox) ?? "").utf8), to: .inbox)
    }

    /// The content folder's lock (`planner/.aura.lock`): every writer of the store, the plan or
    /// the inbox holds it exclusively, a read holds it shared, so two commands, cron and the
    /// server never lose each other's update. A shared lock is nil when no writer ever ran
    /// here. `onWait` hears once if the wait passes a second.
    private func lock(exclusive: Bool, onWait: @escaping @Sendable () -> Void) throws -> FileLock? {
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
    private func text(of file: File) throws -> String? {
        guard file.mustExist || FileManager.default.fileExists(atPath: file.url.path) else { return nil }
        return try ContentFile.read(file.url)
    }

    /// The task store, nil when the file does not exist yet. A file that cannot be read is an
    /// error naming its position, and is never written over.
    private func readStore() throws -> TaskStore? {
        let url = store.url
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
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

    /// `plan.json`, nil before the first plan; one that cannot be read is an error naming its position.
    private func readPlan() throws -> PlanSnapshot? {
        guard FileManager.default.fileExists(atPath: snapshot.path) else { return nil }
        do { return try PlanSnapshot.decode(Data(contentsOf: snapshot)) } catch let error as InputError {
            throw error.problem.located(in: displayPath(snapshot))
        }
    }

    /// The planner's own files (never the lock or other hidden files) by name, read under the
    /// shared lock: what a person takes away in their export.
    public func documentFiles() throws -> [(name: String, data: Data)] {
        let held = try lock(exclusive: false) {}
        defer { held?.release() }
        let files = FileManager.default
        let names = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        return try names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
            return (name, try Data(contentsOf: url))
        }
    }
}
