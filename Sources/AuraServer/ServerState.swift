import Foundation

/// The server's state folder (`--state`, default `.aura`): the site it serves and its database.
public struct ServerState: Sendable {
    let folder: URL

    public init(_ folder: URL) {
        self.folder = folder
    }

    /// The built site the server answers from.
    public var site: URL { folder.appendingPathComponent("site") }
    /// People, sessions and failed sign-ins.
    public var accountsDatabase: URL { folder.appendingPathComponent("aura.sqlite3") }
}
