import AuraSQL
import Foundation

/// Who has an account, and removing one.
extension Accounts {
    /// A person with an account.
    public struct Person: Sendable, Equatable {
        public let id: Int64
        public let name: String
        /// The first person added: their planner is `Content/planner/`, and their account stays.
        public let isOwner: Bool
    }

    /// Everyone, by name.
    public func people() throws -> [Person] {
        try database.withConnection { database in
            let owner = try Self.ownerID(database)
            return try database.execute("SELECT id, name FROM people ORDER BY name").compactMap { row in
                guard let id = row[0].integer, let name = row[1].text else { return nil }
                return Person(id: id, name: name, isOwner: id == owner)
            }
        }
    }

    /// The person with `name`: the one whose name is kept in exactly these characters, else the
    /// one it is compared equal to (`UserName.key`: without regard to case or width).
    public func person(named name: String) throws -> Person? {
        let everyone = try people()
        let key = UserName.key(name)
        return everyone.first { $0.name.unicodeScalars.elementsEqual(name.unicodeScalars) }
            ?? everyone.first { UserName.key($0.name) == key }
    }

    /// Removes a person with their sessions, links and remembered actions; the owner cannot be removed.
    public func remove(_ person: Person) throws {
        guard !person.isOwner else {
            throw AccountError(
                description:
                    "'\(person.name)' is the owner, whose planner is Content/planner/; the owner's account stays")
        }
        try database.withConnection { _ = try $0.execute("DELETE FROM people WHERE id = ?", [.integer(person.id)]) }
    }
}
