import AuraHTTP
import AuraPlanner
import AuraSite
import AuraUseCases
import Foundation

/// `/tasks/<id>/`: one of the signed-in person's tasks, with forms that change it without a
/// script — its words (read again as capture reads them), day, time, length and category; Done
/// or not done; another day; remove. Each form posts to the action the pages' scripts call
/// (`/api/edit`, `/api/move`, `/api/delete`, `/api/done`, `/api/undone`) and comes back with a
/// one-line notice of what changed and Undo.
extension AuraApp {
    private struct TaskView: Encodable {
        struct Choice: Encodable {
            let value: String
            let label: String
            let selected: Bool
        }

        let id: String
        let title: String
        let words: String
        let date: String?
        let time: String?
        let minutes: Int?
        let categories: [Choice]
        let isDone: Bool
        let repeats: Bool
        /// The day's schedule, to go back to.
        let dayURL: String?
        let editAction: String
        let moveAction: String
        let deleteAction: String
        let doneAction: String
        let undoneAction: String
        /// Where each form comes back to (under the root): this page, or the schedule once removed.
        let then: String
        let afterRemoval: String
        let longestMinutes = InputLimits.maximumTaskMinutes
    }

    /// The task id a path names (`/tasks/t12/` → `t12`), nil for any other path.
    static func taskID(inPath path: String) -> String? {
        guard path.hasPrefix("/tasks/"), path.hasSuffix("/") else { return nil }
        let id = path.dropFirst("/tasks/".count).dropLast()
        guard id.first == "t", id.count > 1, id.count <= 20, id.dropFirst().allSatisfy(\.isASCII),
            id.dropFirst().allSatisfy(\.isNumber)
        else { return nil }
        return String(id)
    }

    func taskPage(_ context: RequestContext, id: String) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session else { return try signInFirst(request) }
        let folder = try planner(of: session)
        let store = try folder.read().tasks
        guard let index = store.index(of: id) else { return notFound() }
        let task = store.tasks[index]
        let then = "tasks/\(id)/"
        let view = TaskView(
            id: id, title: task.title, words: task.input, date: task.date?.iso, time: task.time.map { "\($0)" },
            minutes: task.minutes,
            categories: Category.allCases.map {
                TaskView.Choice(value: $0.rawValue, label: "\($0.emoji) \($0.name)", selected: $0 == task.category)
            },
            isDone: task.done, repeats: task.recurrence != nil,
            dayURL: task.date.map { root + "schedule/\($0.iso)/" },
            editAction: root + "api/edit", moveAction: root + "api/move", deleteAction: root + "api/delete",
            doneAction: root + "api/done", undoneAction: root + "api/undone", then: then, afterRemoval: "schedule/")
        let body = try site(of: session).render(
            path: "/" + then, kind: .task, title: task.title, content: view,
            session: try sessionContext(session, request, undo: undoOffer(request, store: store, back: then)))
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: request.method == "HEAD" ? Data() : body)
    }

    /// After a form changed tasks (`?undo=1`), the person's latest change, offered for undoing
    /// with a form that comes back to `back`.
    func undoOffer(_ request: HTTPRequest, store: TaskStore, back: String) -> SessionContext.UndoOffer? {
        guard request.query["undo"] == "1", let latest = store.recentChanges.last else { return nil }
        return SessionContext.UndoOffer(summary: latest.summary, action: root + "api/undo", then: back)
    }
}
