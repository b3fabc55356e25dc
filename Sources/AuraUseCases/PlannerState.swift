import AuraPlanner
import Foundation

/// A person's plan and tasks read together, under the planner's shared lock: no writer is
/// half-way between them.
public struct PlannerState: Sendable {
    /// What the last plan decided; nil before the first plan.
    public let plan: PlanSnapshot?
    /// The task store (empty before the first capture).
    public let store: TaskStore
}

extension PlannerFolder {
    /// The plan and the store as one read (`PlannerState`).
    public func read() throws -> PlannerState {
        let held = try lock(exclusive: false) {}
        defer { held?.release() }
        return PlannerState(plan: plan(), store: try loadStore())
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
