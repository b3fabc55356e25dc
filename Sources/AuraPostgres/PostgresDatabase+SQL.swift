import AuraSQL

/// The PostgreSQL database as a `SQLDatabase`, so the accounts run over it unchanged: the
/// statements' `?`s are numbered as PostgreSQL wants them (`$1`, `$2`…), and integer and
/// boolean columns are read back as integers.
extension PostgresDatabase: SQLDatabase {
    public func withConnection<Result>(_ work: (any SQLConnection) throws -> Result) throws -> Result {
        try withConnection { (connection: PostgresConnection) in
            try work(PostgresSQLConnection(connection: connection, database: self))
        }
    }

    /// The notifications on `aura_accounts` heard so far (the database's triggers send one for
    /// every such change) and the changes of sessions and people made here; nil while nobody
    /// listens here or the listening connection is lost.
    public var accountsVersion: UInt64? {
        let heard = hear()
        guard heard.current else { return nil }
        return heard.accounts &+ localAccountChanges.load(ordering: .relaxed)
    }
}

/// A lent connection as a `SQLConnection`. Each write counts as a change of this database
/// (`PostgresDatabase.noteChange`) once it is committed: at once for a statement on its own,
/// at the end of the transaction for one inside it.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection
    let database: PostgresDatabase
    private let writes = Writes()

    private final class Writes {
        var inTransaction = false
        var happened = false
    }

    init(connection: PostgresConnection, database: PostgresDatabase) {
        self.connection = connection
        self.database = database
    }

    /// Object ids of the types read back as integers: bool, int8, int2, int4.
    private static let integerTypes: Set<UInt32> = [16, 20, 21, 23]

    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> [[SQLValue]] {
        let rows = try connection.execute(
            Self.numbered(sql),
            parameters.map { value in
                switch value {
                case .integer(let number): String(number)
                case .text(let text): text
                case .null: nil
                }
            })
        if Self.writes(sql) {
            if writes.inTransaction { writes.happened = true } else { database.noteChange() }
            // Counted at once, committed or not: a session kept a moment less costs one read.
            if Self.changesAccounts(sql) { database.localAccountChanges.add(1, ordering: .relaxed) }
        }
        let integers = (0..<rows.columns).map { Self.integerTypes.contains(rows.type(of: $0)) }
        return (0..<rows.count).map { row in
            (0..<rows.columns).map { column in
                guard let text = rows[row, column] else { return .null }
                guard integers[column] else { return .text(text) }
                return .integer(text == "t" ? 1 : text == "f" ? 0 : Int64(text) ?? 0)
            }
        }
    }

    func transaction<Result>(_ work: () throws -> Result) throws -> Result {
        writes.inTransaction = true
        writes.happened = false
        defer { writes.inTransaction = false }
        let result = try connection.transaction(work)
        if writes.happened { database.noteChange() }
        return result
    }

    /// Whether `sql` changes rows.
    private static func writes(_ sql: String) -> Bool {
        let verb = sql.drop { $0.isWhitespace }.prefix { $0.isLetter }.uppercased()
        return verb == "INSERT" || verb == "UPDATE" || verb == "DELETE"
    }

    /// Whether `sql` changes or removes sessions or people: what the database's triggers tell
    /// every replica of (`aura_accounts`), counted here the moment it is sent.
    private static func changesAccounts(_ sql: String) -> Bool {
        let words = sql.split(whereSeparator: \.isWhitespace).prefix(3).map { $0.lowercased() }
        let table = words.first == "update" ? words.dropFirst().first : words.first == "delete" ? words.last : nil
        return table == "sessions" || table == "people"
    }

    /// `sql` with each `?` outside a quoted string or name numbered in turn.
    static func numbered(_ sql: String) -> String {
        var result = ""
        var count = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                count += 1
                result += "$\(count)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
