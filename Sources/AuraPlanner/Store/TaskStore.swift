import Foundation

/// The contents of `Content/planner/tasks.json`: every task the planner knows, with a schema
/// version. The planner is its only writer.
public struct TaskStore: Sendable, Equatable {
    /// Version 2 added kinds, categories with reasons, roll-forward counts, recurring
    /// completions and snoozes; version 3 each task's change times (`changed`) and the changes
    /// kept for undo (`undo`). Version 1 and 2 files still load (see `StoredTask.init(from:)`).
    static let currentVersion = 3

    public var tasks: [StoredTask]
    /// The number in the next task id (`t` + number); ids are never reused.
    var nextNumber: Int
    /// The inbox text of the last capture until its items are drained from the inbox: the
    /// store is saved first, so a plan stopped in between finishes the drain on its next run
    /// (`Inbox.finishingDrain`) instead of capturing the same lines again.
    public var undrainedInbox: String?
    /// The latest changes people made, oldest first, to be undone latest first.
    public internal(set) var recentChanges: [StoreChange] = []

    public init(tasks: [StoredTask] = [], nextNumber: Int = 1) {
        self.tasks = tasks
        self.nextNumber = nextNumber
    }

    /// Index of the task with `id`, accepting the number alone (`12` for `t12`).
    public func index(of id: String) -> Int? {
        let wanted = id.first?.isNumber == true ? "t" + id : id
        return tasks.firstIndex { $0.id == wanted }
    }

    /// Adds a task with the next id and returns that id.
    mutating func add(_ make: (String) -> StoredTask) -> String {
        let id = "t\(nextNumber)"
        nextNumber += 1
        tasks.append(make(id))
        return id
    }

    /// The file's bytes: pretty-printed JSON with sorted keys, so the same store always
    /// writes the same bytes.
    public func encoded() -> Data {
        // Encoding plain values with string keys cannot fail.
        try! canonicalJSON(
            File(
                version: Self.currentVersion, nextNumber: nextNumber, tasks: tasks, undrainedInbox: undrainedInbox,
                undo: recentChanges.isEmpty ? nil : recentChanges))
    }

    /// Reads a store file; an error gives the line and column of the problem.
    public static func decode(_ data: Data) throws(InputError) -> TaskStore {
        // A byte order mark, as some editors write, is not part of the JSON.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        let bytes = [UInt8](data)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let file: File
        do {
            file = try decoder.decode(File.self, from: data)
        } catch let error as DecodingError {
            // Located only once decoding failed: a store is read on every action.
            if let syntax = JSONLocator.syntaxError(in: bytes) {
                throw InputError(
                    line: syntax.position.line, column: syntax.position.column,
                    message: "not valid JSON: \(syntax.message)")
            }
            throw JSONLocator.error(for: error, in: bytes)
        } catch {
            throw InputError(line: 1, column: 1, message: "not a task store: \(error)")
        }
        guard file.version <= currentVersion else {
            let at = JSONLocator.position(of: [.key("version")], in: bytes) ?? .init()
            throw InputError(
                line: at.line, column: at.column,
                message:
                    "written by a newer Aura (store version \(file.version)); this one reads up to version \(currentVersion)"
            )
        }
        try rejectDuplicateIds(file.tasks, in: bytes)
        let highest = file.tasks.compactMap { Int($0.id.dropFirst()) }.max() ?? 0
        var store = TaskStore(tasks: file.tasks, nextNumber: max(file.nextNumber ?? 1, highest + 1))
        store.undrainedInbox = file.undrainedInbox
        store.recentChanges = file.undo ?? []
        return store
    }

    /// Two tasks with one id would make every change ambiguous: the error names both places.
    private static func rejectDuplicateIds(_ tasks: [StoredTask], in bytes: [UInt8]) throws(InputError) {
        var first: [String: Int] = [:]
        for (index, task) in tasks.enumerated() {
            guard let earlier = first[task.id] else {
                first[task.id] = index
                continue
            }
            let here = JSONLocator.position(of: [.key("tasks"), .index(index), .key("id")], in: bytes) ?? .init()
            let there = JSONLocator.position(of: [.key("tasks"), .index(earlier), .key("id")], in: bytes) ?? .init()
            throw InputError(
                line: here.line, column: here.column,
                message:
                    "tasks[\(index)].id: duplicate id '\(task.id)', already used by tasks[\(earlier)] at line \(there.line), column \(there.column); expected each id once"
            )
        }
    }

    /// The layout on disk.
    private struct File: Codable {
        var version: Int
        var nextNumber: Int?
        var tasks: [StoredTask]
        var undrainedInbox: String?
        var undo: [StoreChange]?

        init(version: Int, nextNumber: Int, tasks: [StoredTask], undrainedInbox: String?, undo: [StoreChange]?) {
            self.version = version
            self.nextNumber = nextNumber
            self.tasks = tasks
            self.undrainedInbox = undrainedInbox
            self.undo = undo
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            nextNumber = try container.decodeIfPresent(Int.self, forKey: .nextNumber)
            if let nextNumber, !(1...InputLimits.maximumTaskNumber + 1).contains(nextNumber) {
                throw DecodingError.dataCorruptedError(
                    forKey: .nextNumber, in: container,
                    debugDescription:
                        "\(nextNumber) is out of range; expected 1 to \(InputLimits.maximumTaskNumber + 1)")
            }
            tasks = try container.decode([StoredTask].self, forKey: .tasks)
            undrainedInbox = try container.decodeIfPresent(String.self, forKey: .undrainedInbox)
            undo = try container.decodeIfPresent([StoreChange].self, forKey: .undo)
        }
    }
}
