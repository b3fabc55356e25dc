import AuraPlanner
import AuraSite
import Foundation

/// What every planner command shares: the content folder, the site's time zone and day
/// window, "today", and reading and writing the planner's files with errors that name them.
struct PlannerFiles {
    static let dateOptions: [CommandSpec.Option] = [
        .value("--date", "YYYY-MM-DD", "act as if today were this date (default: today in site.yml's time zone)"),
        .value("--today", "YYYY-MM-DD", "the same as --date"),
    ]
    static let storeOption = CommandSpec.Option.value("--store", "FILE", "task store (default: <content>/planner/tasks.json)")

    let content: URL
    let terminal: Terminal

    init(_ arguments: ParsedArguments, in terminal: Terminal) {
        self.init(content: terminal.url(for: arguments.value("--content") ?? "Content"), in: terminal)
    }

    init(content: URL, in terminal: Terminal) {
        self.content = content
        self.terminal = terminal
    }

    var planner: URL { content.appendingPathComponent("planner") }

    /// The content folder's lock (`planner/.aura.lock`): every command that writes the store,
    /// the plan or the inbox holds it exclusively, a build reading them holds it shared, so
    /// two commands, cron and the server never lose each other's update. A shared lock is nil
    /// when no writer ever ran here. Release it before calling code that takes it again.
    func lock(exclusive: Bool) throws -> FileLock? {
        let url = planner.appendingPathComponent(".aura.lock")
        let folder = ContentFile.displayPath(content)
        let onWait: @Sendable () -> Void = { [terminal] in
            terminal.printError("waiting for another aura command to finish with \(folder) …")
        }
        return exclusive ? try FileLock.exclusive(url, onWait: onWait) : try FileLock.sharedIfPresent(url, onWait: onWait)
    }

    /// The file an option names, or the default one in `Content/planner/`.
    func url(_ arguments: ParsedArguments, option: String, default name: String) -> URL {
        arguments.value(option).map(terminal.url(for:)) ?? planner.appendingPathComponent(name)
    }

    /// The time zone and day window from `site.yml`.
    func settings() throws -> PlannerSettings {
        let site = try SiteConfiguration.load(contentDirectory: content)
        return PlannerSettings(timeZone: site.timeZone, window: MinuteSpan(start: site.dayStartMinutes, end: site.dayEndMinutes))
    }

    static func dateGiven(_ arguments: ParsedArguments) -> Bool {
        arguments.value("--date") != nil || arguments.value("--today") != nil
    }

    /// `--date`/`--today`, else the clock's day in `timeZone`.
    func today(_ arguments: ParsedArguments, spec: CommandSpec, timeZone: TimeZone) throws -> LocalDate {
        guard let text = arguments.value("--date") ?? arguments.value("--today") else { return LocalDate(terminal.now(), in: timeZone) }
        guard let date = LocalDate(iso: text) else {
            throw UsageError("'\(text)' is not a date; expected YYYY-MM-DD, such as 2026-12-02", spec: spec)
        }
        return date
    }

    /// The text of a file, or nil when it does not exist.
    func textIfPresent(_ url: URL) throws -> String? {
        FileManager.default.fileExists(atPath: url.path) ? try ContentFile.read(url) : nil
    }

    /// The file an option names, which must exist, or the default one, which may be missing.
    func text(_ arguments: ParsedArguments, option: String, default name: String) throws -> (URL, String?) {
        let url = url(arguments, option: option, default: name)
        return (url, try arguments.value(option) == nil ? textIfPresent(url) : ContentFile.read(url))
    }

    /// The task store, or an empty one when the file does not exist yet. A file that cannot be
    /// read is an error naming its position, and is never written over.
    func loadStore(_ url: URL) throws -> TaskStore {
        guard FileManager.default.fileExists(atPath: url.path) else { return TaskStore() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SourceError(file: ContentFile.displayPath(url), line: 1, column: 1, message: "cannot read the task store; it was left as it is")
        }
        do {
            return try TaskStore.decode(data)
        } catch {
            throw SourceError(file: ContentFile.displayPath(url), line: error.line, column: error.column,
                              message: "\(error.message); the task store was left as it is")
        }
    }

    /// The store for a command that changes existing tasks: it must exist.
    func existingStore(_ url: URL) throws -> TaskStore {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SourceError(file: ContentFile.displayPath(url), line: 1, column: 1,
                              message: "no task store yet; run 'aura plan' to create it from the inbox")
        }
        return try loadStore(url)
    }

    func saveStore(_ store: TaskStore, to url: URL) throws {
        try AtomicFile.write(store.encoded(), to: url)
    }

    /// Turns problems in a file into errors naming it.
    static func sourceErrors(_ errors: [InputError], in url: URL) -> [SourceError] {
        errors.map { SourceError(file: ContentFile.displayPath(url), line: $0.line, column: $0.column, message: $0.message) }
    }

    /// Prints each error on its own line; returns the content-error exit status.
    func fail(_ errors: [SourceError]) -> Int32 {
        for error in errors { terminal.printError("error: \(error)") }
        return 1
    }
}

/// Writes a file by writing a temporary file beside it and renaming it over the old one, so
/// a reader sees the old bytes or the new, never a half-written file.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Replaces the file at `url`, or the file it links to when it is a symbolic link (the
    /// link stays a link).
    static func write(_ data: Data, to requested: URL) throws {
        let url = requested.resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw WriteError(description: "cannot write \(ContentFile.displayPath(temporary))")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw WriteError(description: "cannot replace \(ContentFile.displayPath(url)): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
