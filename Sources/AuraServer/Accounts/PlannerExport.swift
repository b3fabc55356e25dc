import AuraUseCases
import CArchive
import Foundation

/// Everything a person keeps here, as a zip of their planner's documented files (inbox, task
/// store, plan, calendar), written by libarchive.
enum PlannerExport {
    struct ExportError: Error, CustomStringConvertible {
        let description: String
    }

    /// The zip of `folder`'s files (`PlannerStore.documentFiles`) and `kept` (what the server
    /// keeps of the person elsewhere: name and contents).
    static func zip(_ folder: any PlannerStore, adding kept: [(name: String, data: Data)] = [], now: Date) throws
        -> Data
    {
        let files = try folder.documentFiles().map { ("planner/" + $0.name, $0.data) } + kept.map { ($0.name, $0.data) }
        // Stored without compression, the zip is its files plus headers: room for both.
        var buffer = [UInt8](repeating: 0, count: files.reduce(64 * 1024) { $0 + $1.1.count + 512 })
        var used = 0
        guard let archive = archive_write_new() else { throw ExportError(description: "libarchive could not start") }
        defer { archive_write_free(archive) }
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
            archive_write_open_memory(archive, &buffer, buffer.count, &used) == ARCHIVE_OK
        else {
            throw ExportError(description: String(cString: archive_error_string(archive)))
        }
        for (path, data) in files {
            guard let entry = archive_entry_new() else {
                throw ExportError(description: "libarchive could not start an entry")
            }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, path)
            archive_entry_set_size(entry, la_int64_t(data.count))
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_mtime(entry, time_t(now.timeIntervalSince1970), 0)
            guard archive_write_header(archive, entry) == ARCHIVE_OK,
                data.withUnsafeBytes({ archive_write_data(archive, $0.baseAddress, data.count) }) == data.count
            else {
                throw ExportError(description: String(cString: archive_error_string(archive)))
            }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else {
            throw ExportError(description: String(cString: archive_error_string(archive)))
        }
        return Data(buffer[..<used])
    }
}
