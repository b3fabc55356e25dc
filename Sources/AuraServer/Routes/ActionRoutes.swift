import AuraHTTP
import AuraPlanner
import AuraSite
import AuraUseCases
import Foundation
import Synchronization

/// Actions that carry a client-made id are carried out one at a time, so two replays of one id
/// cannot both find it new.
private let actionsWithIDs = Mutex(())

/// The planner's actions for the signed-in owner — Plan My Day, quick capture, Done, Snooze,
/// Undo, Push the rest of today — as HTML forms (the session's token in a field; 303 back) and as
/// JSON for the scripts (same-origin `Origin` required; JSON back). They call the same use
/// cases as the CLI, under the same lock, so cron and the browser never lose each other's update.
///
/// A JSON action may carry `actionId` (1 to 100 letters, digits, `-` or `_`, made by the page)
/// and `at` (the client's time of the change, milliseconds since 1970): an id already carried
/// out gets its first answer again with `"replayed": true`, and nothing is done twice; `at`
/// decides, per task field, which of two changes wins (see `TaskChange`).
extension AuraApp {
    enum Action: String {
        case plan, capture, done, snooze, undo, push
    }

    /// The longest snooze an action may ask for: a day.
    static let longestSnoozeMinutes = 24 * 60

    func perform(_ action: Action, _ request: HTTPRequest) throws -> HTTPResponse {
        let contentType = (request.header("Content-Type") ?? "").lowercased()
        let isJSON = contentType.hasPrefix("application/json")
        let isForm =
            contentType.hasPrefix("application/x-www-form-urlencoded") || contentType.hasPrefix("multipart/form-data")
        if request.header("Content-Length") == nil && request.header("Transfer-Encoding") == nil {
            return .text(411, "Length required")
        }
        guard isJSON || isForm else { return .text(415, "Send a form or application/json") }
        guard let session = try session(of: request) else {
            return isJSON ? .text(401, "Sign in first") : try signInFirstForAction(request)
        }
        let fields: [String: String]
        if isJSON {
            // Scripts must prove they run on this site: browsers always send Origin with fetch POSTs.
            guard request.header("Origin") != nil, sameOrigin(request) else {
                return .text(403, "Cross-site request refused")
            }
            guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
                return .json(400, ["error": "expected a JSON object"])
            }
            fields = object.compactMapValues { value in
                switch value {
                case let text as String: text
                case let number as NSNumber: number.stringValue
                default: nil
                }
            }
        } else {
            guard sameOrigin(request), request.field("csrf") == session.csrf else {
                return .text(403, "This form had expired; reload the page and try again. Nothing was changed")
            }
            fields = Dictionary(request.form.map { ($0.name, $0.value) }) { first, _ in first }
        }
        do {
            if isJSON, let actionID = fields["actionId"] {
                guard actionID.count <= 100, !actionID.isEmpty,
                    actionID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                else {
                    return .json(400, ["error": "an actionId is 1 to 100 letters, digits, - or _"])
                }
                return try actionsWithIDs.withLock { _ in
                    if let earlier = try accounts.answer(toAction: actionID, of: session.personID),
                        var answer = try? JSONSerialization.jsonObject(with: Data(earlier.utf8)) as? [String: Any]
                    {
                        answer["replayed"] = true
                        return .json(200, answer)
                    }
                    let outcome = try carryOut(action, fields, for: session)
                    let response = HTTPResponse.json(200, outcome.json)
                    try accounts.record(
                        action: actionID, of: session.personID, answer: String(decoding: response.body, as: UTF8.self),
                        now: clock())
                    return response
                }
            }
            let outcome = try carryOut(action, fields, for: session)
            return isJSON ? .json(200, outcome.json) : .seeOther(root + outcome.then)
        } catch let problem as ActionProblem {
            guard !isJSON, let page = problem.page else { return .json(problem.status, ["error": problem.message]) }
            let body = try site(of: session).render(
                pageAt: root + page, session: try sessionContext(session, request, notice: problem.message))
            return HTTPResponse(
                status: problem.status,
                headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                body: body ?? Data())
        }
    }

    /// What an action did: where a form goes next, and the JSON answer.
    private struct Outcome {
        let then: String
        let json: [String: Any]
    }

    /// A request the planner could not carry out, with the page to show it on.
    struct ActionProblem: Error {
        let status: Int
        let message: String
        var page: String? = nil
    }

    private func carryOut(_ action: Action, _ fields: [String: String], for session: Accounts.Session) throws -> Outcome
    {
        let folder = try planner(of: session)
        let settings = try folder.settings()
        let now = clock()
        let today = settings.day(of: now)
        switch action {
        case .plan, .capture:
            let key = action == .plan ? "inbox" : "line"
            let lines = (fields[key] ?? "").split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if action == .capture && lines.isEmpty {
                throw ActionProblem(status: 422, message: "Write a line to capture.", page: "planner/")
            }
            for (index, line) in lines.enumerated() {
                do {
                    _ = try folder.capture(line, today: today) {}
                } catch let error as CaptureError {
                    let place = lines.count > 1 ? "Line \(index + 1), column \(error.column)" : "Column \(error.column)"
                    throw ActionProblem(
                        status: 422, message: "\(place): \(error.message). Lines before it were added.",
                        page: "planner/")
                }
            }
            guard action == .plan else { return Outcome(then: "planner/", json: ["captured": lines.count]) }
            let outcome = try PlanMyDay(folder: folder).run(day: today, from: now, clock: now)
            return Outcome(
                then: "schedule/?changed=1",
                json: ["captured": outcome.captured.count, "blocks": outcome.days[0].blocks.count])
        case .done, .snooze, .undo:
            // Someone new has no store until their first plan: no id of theirs exists yet.
            guard FileManager.default.fileExists(atPath: folder.store.url.path) else {
                throw ActionProblem(
                    status: 404, message: "no task, block or notification '\(fields["id"] ?? "")' in your plan")
            }
            return try changeTasks(action, fields, folder: folder, personID: session.personID, today: today, now: now)
        case .push:
            guard FileManager.default.fileExists(atPath: folder.store.url.path) else {
                return Outcome(then: "schedule/", json: ["moved": 0])
            }
            let moved = try folder.changeStore { store in
                store.rollForward(to: today)
                return store.pushUnfinished(from: today)
            }
            return Outcome(then: "schedule/", json: ["moved": moved])
        }
    }

    /// Done, Snooze or Undo on the id a page knows (see `TaskChange`); the answer carries the
    /// pages' Done and Snoozed state as the store now holds it.
    private func changeTasks(
        _ action: Action, _ fields: [String: String], folder: PlannerFolder, personID: Int64,
        today: LocalDate, now: Date
    ) throws -> Outcome {
        guard let id = fields["id"], !id.isEmpty, id.count <= 200 else {
            throw ActionProblem(status: 400, message: "expected the task's id")
        }
        let kind: TaskChange.Kind
        switch (action, fields["undo"]) {
        case (.done, _): kind = .done
        case (.snooze, _):
            let minutes = Int(fields["minutes"] ?? "15") ?? -1
            guard (1...Self.longestSnoozeMinutes).contains(minutes) else {
                throw ActionProblem(status: 400, message: "a snooze lasts 1 to \(Self.longestSnoozeMinutes) minutes")
            }
            kind = .snooze(minutes: minutes)
        case (_, "done"): kind = .undoDone
        case (_, "snooze"): kind = .undoSnooze
        default: throw ActionProblem(status: 400, message: "expected undo: \"done\" or \"snooze\"")
        }
        let serverTime = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let at =
            fields["at"].flatMap { Double($0) }.flatMap {
                $0.isFinite && $0 > 0 ? Int64(min($0, Double(serverTime))) : nil
            } ?? serverTime
        let day = fields["date"].flatMap { LocalDate(iso: $0) }
        let change = TaskChange(kind: kind, id: id, day: day, at: at)
        do {
            // The plan is read under the lock too, so a plan being saved is seen whole or not yet.
            let (written, store, plan) = try folder.changeStore { store in
                let plan = folder.plan()
                guard let targets = TaskChange.targets(of: id, day: day, today: today, plan: plan, store: store) else {
                    throw ActionProblem(status: 404, message: "no task, block or notification '\(id)' in your plan")
                }
                let written = try change.apply(to: &store, targets) { task, field in
                    try accounts.lastChanges(of: task, [field], of: personID)[field]
                }
                return (written, store, plan)
            }
            for (task, field) in written { try accounts.noteChange(of: task, field, at: at, of: personID) }
            let targets = TaskChange.targets(of: id, day: day, today: today, plan: plan, store: store)
            let tasks = (targets?.taskIDs ?? []).compactMap { store.index(of: $0).map { store.tasks[$0] } }
            let settings = try folder.settings()
            return Outcome(
                then: "dashboard/",
                json: [
                    "id": tasks.count == 1 ? tasks[0].id : id,
                    "applied": !written.isEmpty,
                    "done": !tasks.isEmpty && tasks.allSatisfy { !$0.isOpen(on: targets?.day ?? today) },
                    "snoozedUntil": tasks.compactMap({ $0.snoozedUntil }).max().map {
                        isoTimestamp($0, in: settings.timeZone)
                    } ?? NSNull(),
                    "state": TaskChange.pageState(plan: plan, store: store, now: now)
                ])
        } catch let error as TaskStoreChangeError {
            throw ActionProblem(status: 404, message: error.message)
        }
    }

    /// `GET /api/state`: the pages' Done and Snoozed state from the store, for the signed-in person.
    func pageState(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let session = try session(of: request) else {
            return .text(401, "Sign in first", headers: [("Cache-Control", "no-store")])
        }
        let folder = try planner(of: session)
        let held = try folder.lock(exclusive: false) {}
        defer { held?.release() }
        let plan = folder.plan()
        return .json(200, TaskChange.pageState(plan: plan, store: try folder.loadStore(), now: clock()))
    }

    private func signInFirstForAction(_ request: HTTPRequest) throws -> HTTPResponse {
        .seeOther(root + "login/")
    }
}

extension HTTPResponse {
    /// A JSON answer.
    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: body)
    }
}
