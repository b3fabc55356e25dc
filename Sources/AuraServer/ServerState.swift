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
    /// A person's own folder, holding their `planner/` (not the owner's: theirs is `Content/planner/`).
    func personFolder(_ id: Int64) -> URL { folder.appendingPathComponent("people/\(id)") }
    /// A person's planner folder (`people/<id>/planner/`).
    public func plannerFolder(_ id: Int64) -> URL { personFolder(id).appendingPathComponent("planner") }
    /// Where an older `aura serve` built a person's site, removed with their planner.
    func personSite(_ id: Int64) -> URL { folder.appendingPathComponent("people-sites/\(id)") }

    /// Removes the links to the shared content an older `aura serve` made in a person's folder,
    /// which their site was built from; the shared content is read where it is now.
    public func removeContentLinks(of id: Int64) throws {
        let files = FileManager.default
        let folder = personFolder(id)
        for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let link = folder.appendingPathComponent(name)
            if (try? files.destinationOfSymbolicLink(atPath: link.path)) != nil { try files.removeItem(at: link) }
        }
    }

    /// Removes a person's planner and site (never the owner's `Content/planner/`, which is not here).
    public func removeFolders(of id: Int64) throws {
        for url in [personFolder(id), personSite(id)] where FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }
}
