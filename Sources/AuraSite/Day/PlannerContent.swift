import AuraPlanner
import Diagnostics
import Foundation
import SiteEngine

/// The planner's files as the site reads them: what `aura plan` last decided (`plan.json`),
/// the task store, and inbox lines written since, captured here only for display.
struct PlannerContent: Sendable {
    let snapshot: PlanSnapshot?
    let store: TaskStore
    /// The conventions the lines were read by, to read a task's line again the same way.
    let capture: CaptureSettings
    /// `inbox.md`'s text and where it is, read when `pending()` is asked for.
    private let inbox: (url: URL, text: String)?

    /// Items in `inbox.md` that `aura plan` has not taken in yet; only the planner page shows
    /// them, so they are read when it is made (a bad line is an error naming its position).
    func pending() throws(SourceErrors) -> [CapturedItem] {
        guard let inbox else { return [] }
        return try Self.pending(in: inbox.text, url: inbox.url, planned: snapshot, capture: capture)
    }

    /// Reads the planner folder, or takes what the caller read of it (`given`); every file is
    /// optional, and a broken one is an error naming its position. `capture` reads the inbox's
    /// dates.
    static func load(
        contentDirectory: URL, in fileSystem: FileSystem, capture: CaptureSettings, given: PlannerState? = nil
    ) throws -> PlannerContent {
        let folder = contentDirectory.appendingPathComponent(PlannerLayout.folder)
        var errors: [SourceError] = []
        func read(_ name: String) -> (url: URL, text: String)? {
            let url = folder.appendingPathComponent(name)
            guard fileSystem.exists(url) else { return nil }
            do { return (url, try ContentFile.read(url, in: fileSystem)) } catch {
                errors.append(error)
                return nil
            }
        }
        if let given {
            return PlannerContent(
                snapshot: given.plan, store: given.tasks, capture: capture,
                inbox: given.inbox.map { (folder.appendingPathComponent(PlannerLayout.inbox), $0) })
        }
        func locate(_ error: InputError, in url: URL) -> SourceError {
            error.problem.located(in: displayPath(url))
        }
        var snapshot: PlanSnapshot?
        if let file = read(PlannerLayout.plan) {
            do { snapshot = try PlanSnapshot.decode(Data(file.text.utf8)) } catch {
                errors.append(locate(error, in: file.url))
            }
        }
        var store = TaskStore()
        if let file = read(PlannerLayout.store) {
            do { store = try TaskStore.decode(Data(file.text.utf8)) } catch {
                errors.append(locate(error, in: file.url))
            }
        }
        let inbox = snapshot?.today == nil ? nil : read(PlannerLayout.inbox)
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return PlannerContent(snapshot: snapshot, store: store, capture: capture, inbox: inbox)
    }

    /// The items of the inbox's `text` (at `url`) that no plan has taken in yet. Words such as
    /// "friday" only mean a date relative to a planned day; before the first `aura plan` the
    /// inbox is left for that run to read.
    private static func pending(in text: String?, url: URL, planned: PlanSnapshot?, capture: CaptureSettings)
        throws(SourceErrors) -> [CapturedItem]
    {
        guard let today = planned?.today?.date, let text else { return [] }
        do {
            return try Inbox.capture(text, with: CaptureParser(today: today, settings: capture)).flatMap(\.items)
        } catch {
            throw SourceErrors(errors: error.errors.map { $0.problem.located(in: displayPath(url)) })
        }
    }
}
