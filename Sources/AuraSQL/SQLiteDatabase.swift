import CSQLite
import Foundation
import Synchronization

/// A SQLite file as a `SQLDatabase`: one connection, lent to one thread at a time, so a
/// transaction is never interleaved with another thread's statements.
public final class SQLiteDatabase: SQLDatabase {
    private let connection: SQLiteConnection
    private let lock = NSLock()

    /// Opens (or creates) the file at `path`.
    public init(path: String) throws {
        connection = try SQLiteConnection(path: path)
    }

    public func withConnection<Result>(_ work: (any SQLConnection) throws -> Result) throws -> Result {
        try lock.withLock { try work(connection) }
    }
}

/// A thin face of SQLite: one connection in WAL mode with foreign keys on, serialised by
/// SQLite itself (opened full-mutex), statements with bound parameters only, each prepared
/// once.
final class SQLiteConnection: SQLConnection, @unchecked Sendable {
    private let handle: OpaquePointer
    /// Statements prepared once and run again (reset between runs), by their SQL. One in use
    /// is taken out, so two threads never share one: the second prepares its own.
    private let prepared = Mutex<[String: Statement]>([:])

    private struct Statement: @unchecked Sendable {
        let handle: OpaquePointer
    }

    struct SQLError: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(path, &opened, flags, nil) == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(opened)
            throw SQLError(description: "cannot open \(path): \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        prepared.withLock { statements in
            for statement in statements.values { sqlite3_finalize(statement.handle) }
        }
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with `parameters`; returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> [[SQLValue]] {
        let statement: OpaquePointer
        if let kept = prepared.withLock({ $0.removeValue(forKey: sql) }) {
            statement = kept.handle
        } else {
            var fresh: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &fresh, nil) == SQLITE_OK, let fresh else {
                throw SQLError(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
            }
            statement = fresh
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            let spare = prepared.withLock { statements in
                statements.updateValue(Statement(handle: statement), forKey: sql)?.handle
            }
            if let spare { sqlite3_finalize(spare) }
        }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch parameter {
            case .integer(let value): sqlite3_bind_int64(statement, position, value)
            case .text(let value):
                sqlite3_bind_text(statement, position, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        var rows: [[SQLValue]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append(
                    (0..<sqlite3_column_count(statement)).map { column in
                        switch sqlite3_column_type(statement, column) {
                        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                        case SQLITE_NULL: .null
                        default: .text(String(cString: sqlite3_column_text(statement, column)))
                        }
                    })
            case SQLITE_DONE:
                return rows
            default:
                throw SQLError(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
            }
        }
    }

    /// Runs `work` in one transaction (BEGIN IMMEDIATE … COMMIT), rolled back if it throws.
    func transaction<Result>(_ work: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try work()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }
}
