import AuraSQL
import CPostgreSQL
import Foundation

/// One connection to PostgreSQL through libpq, used by one thread at a time (a
/// `PostgresDatabase` lends it out). Every statement is sent with its parameters apart from
/// its text (`PQexecParams`), so no value is ever spliced into SQL.
final class PostgresConnection: @unchecked Sendable {
    private let library: aura_pq_library
    private let connection: OpaquePointer

    /// Connects to `conninfo`: a `postgres://` URL or libpq's `key=value` words; empty takes
    /// libpq's environment (`PGHOST`, `PGPASSFILE`…). TLS and password files are libpq's.
    init(_ conninfo: String) throws {
        // An address that drops packets would hold a connection attempt for minutes: ten
        // seconds, unless the address or the environment says otherwise.
        setenv("PGCONNECT_TIMEOUT", "10", 0)
        var failure: UnsafePointer<CChar>?
        guard let library = aura_pq(&failure) else {
            throw PostgresError(
                message:
                    "PostgreSQL's client library could not be loaded (\(failure.map { String(cString: $0) } ?? "")); "
                    + "install libpq5", state: nil)
        }
        guard let connection = library.pointee.connectdb(conninfo) else {
            throw PostgresError(message: "out of memory connecting to PostgreSQL", state: nil)
        }
        guard library.pointee.status(connection) == CONNECTION_OK else {
            let message = Self.trimmed(library.pointee.error_message(connection))
            library.pointee.finish(connection)
            throw DatabaseUnavailable("cannot connect to PostgreSQL: \(message)")
        }
        self.library = library.pointee
        self.connection = connection
        // The server's notices ("already exists, skipping") are not for the terminal.
        try execute("SET client_min_messages TO warning")
    }

    deinit { library.finish(connection) }

    /// Whether the connection still stands (a statement that failed may have lost it).
    var isOpen: Bool { library.status(connection) == CONNECTION_OK }

    /// Runs one statement with `parameters` (`$1`, `$2`…, nil for NULL) and returns its rows as text.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresRows {
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let result = values.withUnsafeBufferPointer { values in
            library.exec_params(
                connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
        }
        guard let result else {
            let message = Self.trimmed(library.error_message(connection))
            throw isOpen ? PostgresError(message: message, state: nil) : DatabaseUnavailable(message)
        }
        switch library.result_status(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgresRows(result: result, library: library)
        default:
            let message = Self.trimmed(library.result_error_message(result))
            let state = library.result_error_field(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            library.clear(result)
            // Class 08 (connection exception) and 57P (the server shutting down or restarting).
            if !isOpen || state?.hasPrefix("08") == true || state?.hasPrefix("57P") == true {
                throw DatabaseUnavailable(message)
            }
            throw PostgresError(message: message, state: state)
        }
    }

    /// Reads what the server sent meanwhile, without waiting, and returns the notifications
    /// (`LISTEN`) it held, as channel and payload; nil when the connection is lost.
    func takeNotifications() -> [(channel: String, payload: String)]? {
        guard library.consume_input(connection) == 1, isOpen else { return nil }
        var notifications: [(channel: String, payload: String)] = []
        while let notification = library.notifies(connection) {
            notifications.append(
                (String(cString: notification.pointee.relname), String(cString: notification.pointee.extra)))
            library.freemem(notification)
        }
        return notifications
    }

    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isOpen { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    private static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown error"
    }
}

/// The rows a statement returned, as text; let go when no longer used.
final class PostgresRows: @unchecked Sendable {
    private let result: OpaquePointer
    private let library: aura_pq_library

    fileprivate init(result: OpaquePointer, library: aura_pq_library) {
        self.result = result
        self.library = library
    }

    deinit { library.clear(result) }

    var count: Int { Int(library.ntuples(result)) }

    /// How many columns each row has.
    var columns: Int { Int(library.nfields(result)) }

    /// The type of `column`'s values, by its object id (`pg_type.oid`).
    func type(of column: Int) -> UInt32 { library.ftype(result, Int32(column)) }

    /// The value in `row`, `column` as text; nil for NULL.
    subscript(row: Int, column: Int) -> String? {
        guard library.getisnull(result, Int32(row), Int32(column)) == 0 else { return nil }
        let length = Int(library.getlength(result, Int32(row), Int32(column)))
        let bytes = UnsafeRawBufferPointer(start: library.getvalue(result, Int32(row), Int32(column)), count: length)
        return String(decoding: bytes, as: UTF8.self)
    }
}
