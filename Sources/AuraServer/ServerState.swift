import Foundation

/// The server's state folder (`--state`, default `.aura`): its database and the planners of
/// everyone but the owner. The sites it serves are kept in memory.
public struct ServerState: Sendable {
    let folder: URL

    public init(_ folder: URL) {
        self.folder = folder
    }

    /// The output folder the served site's build is named by; the server writes nothing there.
    public var site: URL { folder.appendingPathComponent("site") }
    /// People, sessions and failed sign-ins.
    public var accountsDatabase: URL { folder.appendingPathComponent("aura.sqlite3") }
    /// A person's own content folder, holding their `planner/` (not the owner's: theirs is `Content/planner/`).
    public func personFolder(_ id: Int64) -> URL { folder.appendingPathComponent("people/\(id)") }
    /// Where an older `aura serve` built a person's site, removed with their planner.
    func personSite(_ id: Int64) -> URL { folder.appendingPathComponent("people-sites/\(id)") }

    /// Removes a person's planner and site (never the owner's `Content/planner/`, which is not here).
    public func removeFolders(of id: Int64) throws {
        for url in [personFolder(id), personSite(id)] where FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }
}
