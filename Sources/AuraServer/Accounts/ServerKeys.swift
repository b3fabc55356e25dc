import AuraSQL
import Foundation

/// The server's own secrets (the Web Push key), kept with the accounts so every replica has
/// the same.
extension Accounts {
    /// The key kept as `name`, if any.
    func serverKey(named name: String) throws -> Data? {
        try database.withConnection { try Self.serverKey(named: name, $0) }
    }

    /// Keeps `value` as `name` unless a key is kept as `name` already; returns the one kept.
    func keepServerKey(named name: String, _ value: Data) throws -> Data {
        try database.withConnection { database in
            try database.execute(
                "INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                [.text(name), .text(String(decoding: value, as: UTF8.self))])
            return try Self.serverKey(named: name, database) ?? value
        }
    }

    private static func serverKey(named name: String, _ database: any SQLConnection) throws -> Data? {
        try database.execute("SELECT value FROM server_keys WHERE name = ?", [.text(name)]).first?[0].text
            .map { Data($0.utf8) }
    }
}
