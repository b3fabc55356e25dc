import AuraPlanner
import Diagnostics
import Foundation
import SiteEngine

extension PlannerFolder {
    /// The planner as one value (`PlannerState`), read under the shared lock so that no writer
    /// is half-way between its files. Kept while its files keep their stamps: after a change made
    /// here (`remember`), the next read is three `stat`s, without the lock or a file opened.
    /// `onWait` hears once if a writer holds the read up for a second.
    public func read(onWait: @escaping @Sendable () -> Void = {}) throws -> PlannerState {
        try Self.states.value(folder.path, paths: statePaths, in: .disk) {
            let held = try lock(exclusive: false, onWait: onWait)
            defer { held?.release() }
            return PlannerState(plan: try readPlan(), store: try loadStore(), inbox: try text(of: inbox))
        }
    }

    /// Remembers `state` as what the planner's files now hold: called under the exclusive
    /// lock, after the last of them was written.
    func remember(_ state: PlannerState) {
        let stamps = statePaths.compactMap { FileSystem.disk.stamp($0) }
        guard stamps.count == statePaths.count else { return }
        Self.states.keep(state, folder.path, paths: statePaths, stamps: stamps)
    }

    /// The files the planner's state is read from (`read()`): what tells it unchanged, one
    /// `stat` apiece, to any cache of what was made from it.
    public var statePaths: [String] { [snapshot.path, store.url.path, inbox.url.path] }

    /// `plan()`, where a `plan.json` that cannot be read is an error naming its position.
    private func readPlan() throws -> PlanSnapshot? {
        guard FileManager.default.fileExists(atPath: snapshot.path) else { return nil }
        if let plan = plan() { return plan }
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
