import AuraHTTP
import AuraPlanner
import AuraUseCases
import Foundation
import Platform

/// The planner's actions for the signed-in owner — Plan My Day, quick capture, Done, Snooze,
/// Undo, Push the rest of today — as HTML forms (the session's token in a field; 303 back) and as
/// JSON for the scripts (same-origin `Origin` required; JSON back). They call the same use
/// cases as the CLI, under the same lock, so cron and the browser never lose each other's update.
///
/// A JSON action may carry `actionId` (1 to 100 letters, digits, `-` or `_`, made by the page)
/// and `at` (the client's time of the change, milliseconds since 1970): an id already carried
/// out gets its first answer again with `"replayed": true`, and nothing is done twice; `at`
/// decides, per task field, which of two changes wins (see `TaskActions`). A person's actions
/// take turns (`PersonTurns`), so two replays of one id cannot both find it new; one that finds
/// too many of theirs waiting is answered 429 with `Retry-After`, and the page's script sends it
/// again.
extension AuraApp {
    enum Action: String {
        case plan, capture, done, snooze, undo, undone, push, edit, move, delete, reflection
    }

    func perform(_ action: Action, _ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        let contentType = (request.header("Content-Type") ?? "").lowercased()
        let isJSON = contentType.hasPrefix("application/json")
        let isForm =
            contentType.hasPrefix("application/x-www-form-urlencoded") || contentType.hasPrefix("multipart/form-data")
        if request.header("Content-Length") == nil && request.header("Transfer-Encoding") == nil {
            return .text(411, "Length required")
        }
        guard isJSON || isForm else { return .text(415, "Send a form or application/json") }
        guard let session = try context.actingSession else {
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
        let actionID = fields["actionId"]
        if let actionID {
            guard actionID.count <= 100, !actionID.isEmpty,
                actionID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else {
                return .json(400, ["error": "an actionId is 1 to 100 letters, digits, - or _"])
            }
        }
        do {
            return try turns.take(for: session.personID) {
                try carryOutOnce(action, fields, actionID: actionID, isJSON: isJSON, for: session)
            }
        } catch is PersonTurns.Crowded {
            var response =
                isJSON
                ? HTTPResponse.json(429, ["error": "Your earlier changes are still being made; send this one again."])
                : .text(429, "Your earlier changes are still being made; go back and send this one again.")
            response.headers += [("Retry-After", String(PersonTurns.Crowded.retryAfter)), ("Cache-Control", "no-store")]
            return response
        } catch let problem as ActionProblem {
            guard !isJSON, let page = problem.page else { return .json(problem.status, ["error": problem.message]) }
            let body = try site(of: session).render(
                pageAt: root + page,
                session: try sessionContext(
                    session, request, notice: problem.message, draft: problem.draft,
                    journal: page == "reflections/"
                        ? journal(of: session, day: try journalDay(of: session), saved: false) : nil))
            return HTTPResponse(
                status: problem.status,
                headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                body: body ?? Data())
        }
    }

    /// Carries out `action`, or gives the first answer again when `actionID` was carried out
    /// before (a form sent twice, a double click or a reload, lands where the first one did).
    private func carryOutOnce(
        _ action: Action, _ fields: [String: String], actionID: String?, isJSON: Bool, for session: Accounts.Session
    ) throws -> HTTPResponse {
        guard let actionID else {
            let outcome = try carryOut(action, fields, for: session)
            return isJSON ? .json(200, outcome.json) : .seeOther(root + Self.formDestination(action, outcome, fields))
        }
        if let earlier = try accounts.answer(toAction: actionID, of: session.personID),
            case .members(let members) = try? JSONDecoder().decode(JSONValue.self, from: Data(earlier.utf8))
        {
            var answer = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
            if !isJSON {
                guard case .string(let then) = answer["then"] else { return .seeOther(root) }
                return .seeOther(root + then)
            }
            answer["replayed"] = .bool(true)
            answer["then"] = nil
            return .json(200, answer)
        }
        let outcome = try carryOut(action, fields, for: session)
        var recorded = outcome.json
        if !isJSON { recorded["then"] = Self.formDestination(action, outcome, fields) }
        let answer = HTTPResponse.json(200, recorded)
        try accounts.record(
            action: actionID, of: session.personID, answer: String(decoding: answer.body, as: UTF8.self), now: clock())
        return isJSON ? answer : .seeOther(root + Self.formDestination(action, outcome, fields))
    }

    /// The page a form asks to go back to (`then`, such as `notifications/`): a path under the
    /// site's root made of plain segments, never another site or a way out of the root.
    static func returnPath(_ then: String?) -> String? {
        guard let then, !then.isEmpty, then.count <= 200,
            then.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_/".contains($0)) }),
            !then.hasPrefix("/"), !then.contains("//")
        else { return nil }
        return then
    }

    /// Where a form goes once its action is carried out: the page it asked for (`then`), else the
    /// action's own; a change to tasks comes back with a line saying what it did, and Undo.
    private static func formDestination(_ action: Action, _ outcome: Outcome, _ fields: [String: String]) -> String {
        let back = returnPath(fields["then"]) ?? outcome.then
        let changesTasks: Set<Action> = [.done, .snooze, .undone, .edit, .move, .delete, .push]
        return back + (changesTasks.contains(action) && !back.contains("?") ? "?undo=1" : "")
    }

    /// What an action did: where a form goes next, and the JSON answer.
    struct Outcome {
        let then: String
        let json: [String: Any]
    }

    /// A request the planner could not carry out, with the page to show it on.
    struct ActionProblem: Error {
        let status: Int
        let message: String
        var page: String? = nil
        /// The text the form sent, to give back in its field.
        var draft: String? = nil
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
            // Every line is read before any is kept: a form that comes back with a problem has
            // added nothing, so sending it again, mended, adds each line once.
            do {
                let capture = QuickCapture(planner: folder)
                if action == .plan {
                    _ = try capture.read(lines, today: today)
                } else {
                    _ = try capture.capture(lines, today: today) {}
                }
            } catch let error as UnreadLines {
                let problems = error.problems.map { index, problem in
                    let place =
                        lines.count > 1 ? "Line \(index + 1), column \(problem.column)" : "Column \(problem.column)"
                    return "\(place): \(problem.message)."
                }
                throw ActionProblem(
                    status: 422, message: problems.joined(separator: " ") + " Nothing was added; mend and send again.",
                    page: "planner/", draft: fields[key])
            }
            guard action == .plan else { return Outcome(then: "planner/", json: ["captured": lines.count]) }
            let outcome = try PlanMyDay(planner: folder).run(day: today, from: now, clock: now, adding: lines)
            // After the window, what moved to tomorrow is one change the page offers to undo.
            return Outcome(
                then: "schedule/?changed=1" + (outcome.movedToTomorrow.isEmpty ? "" : "&undo=1"),
                json: [
                    "captured": outcome.captured.count, "blocks": outcome.days[0].blocks.count,
                    "planned": outcome.planned.name, "movedToTomorrow": outcome.movedToTomorrow
                ])
        case .done, .snooze, .undo, .undone:
            return try changeTasks(action, fields, folder: folder, today: today, now: now)
        case .edit, .move, .delete:
            return try reshapeTasks(action, fields, folder: folder, today: today, now: now)
        case .reflection:
            return try saveReflections(fields, of: session, now: now)
        case .push:
            let moved = try TaskActions(planner: folder).push(from: today, at: now.milliseconds)
            return Outcome(then: "schedule/", json: ["moved": moved.map(\.id)])
        }
    }

    /// Done, Snooze or Undo on the id a page knows (see `TaskActions.targets`), or Undo of the
    /// latest change (`"undo": "latest"`); the answer carries the pages' Done and Snoozed state
    /// as the store now holds it.
    private func changeTasks(
        _ action: Action, _ fields: [String: String], folder: any PlannerStore, today: LocalDate, now: Date
    ) throws -> Outcome {
        let at = Self.changeTime(fields, now: now)
        let actions = TaskActions(planner: folder)
        if action == .undo && fields["undo"] == "latest" {
            let undone = try actions.undoLatest(at: at, now: now)
            let state = try folder.read()
            return Outcome(
                then: "dashboard/",
                json: [
                    "undone": undone?.summary ?? NSNull(),
                    "state": PageState.of(plan: state.plan, store: state.tasks, now: now)
                ])
        }
        return try onTask(fields, folder: folder, refused: 404) { id in
            let change: TaskChange
            switch (action, fields["undo"]) {
            case (.done, _): change = .done
            case (.undone, _): change = .notDone
            case (.snooze, _):
                do throws(SnoozeLengthError) {
                    change = .snooze(
                        until: try TaskChange.snoozeEnd(
                            minutes: Int(fields["minutes"] ?? "15") ?? -1,
                            from: Date(timeIntervalSince1970: Double(at) / 1000)))
                } catch {
                    throw ActionProblem(status: 400, message: error.description)
                }
            case (_, "done"): change = .notDone
            case (_, "snooze"): change = .unsnooze
            default: throw ActionProblem(status: 400, message: "expected undo: \"done\", \"snooze\" or \"latest\"")
            }
            let outcome = try actions.change(
                [id], change, day: fields["date"].flatMap { LocalDate(iso: $0) }, today: today, at: at)
            let tasks = outcome.tasks
            let day = outcome.targets.first?.day ?? today
            let settings = try folder.settings()
            return Outcome(
                then: "dashboard/",
                json: [
                    "id": tasks.count == 1 ? tasks[0].id : id,
                    "applied": !outcome.applied.isEmpty,
                    "done": !tasks.isEmpty && tasks.allSatisfy { !$0.isOpen(on: day) },
                    "snoozedUntil": tasks.compactMap({ $0.snoozedUntil }).max().map {
                        isoTimestamp($0, in: settings.timeZone)
                    } ?? NSNull(),
                    "state": PageState.of(plan: outcome.plan, store: outcome.store, now: now)
                ])
        }
    }

    /// Runs `act` on the task id `fields` name, answered alike for every action: no id is 400;
    /// an id not in the person's plan, or no plan yet, is 404; a change the store refuses
    /// (`TaskStoreChangeError`) has the status `refused`.
    private func onTask(
        _ fields: [String: String], folder: any PlannerStore, refused: Int, _ act: (String) throws -> Outcome
    ) throws -> Outcome {
        guard let id = fields["id"], !id.isEmpty, id.count <= 200 else {
            throw ActionProblem(status: 400, message: "expected the task's id")
        }
        let unknown = ActionProblem(status: 404, message: "no task, block or notification '\(id)' in your plan")
        // Someone new has no store until their first plan: no id of theirs exists yet.
        guard try folder.read().store != nil else { throw unknown }
        do {
            return try act(id)
        } catch is TaskActions.UnknownTask {
            throw unknown
        } catch let error as TaskStoreChangeError {
            throw ActionProblem(status: refused, message: error.message)
        }
    }

    /// When the person made a change: the client's `at`, never later than the server's clock
    /// (a client clock ahead could otherwise hold a field forever), else now.
    static func changeTime(_ fields: [String: String], now: Date) -> Int64 {
        let serverTime = now.milliseconds
        return fields["at"].flatMap { Double($0) }.flatMap {
            $0.isFinite && $0 > 0 ? Int64(min($0, Double(serverTime))) : nil
        } ?? serverTime
    }

    /// Edit (`words`, `date`, `time`, `minutes`, `category`), Move (`date`: `YYYY-MM-DD` or a
    /// day such as `friday`) and Delete on the id a page knows (see `TaskActions.targets`).
    private func reshapeTasks(
        _ action: Action, _ fields: [String: String], folder: any PlannerStore, today: LocalDate, now: Date
    ) throws -> Outcome {
        let at = Self.changeTime(fields, now: now)
        let actions = TaskActions(planner: folder)
        let given = { (name: String) in fields[name].map { $0.trimmingCharacters(in: .whitespaces) } }
        func day(_ text: String) throws -> LocalDate {
            guard let day = CaptureParser(today: today).day(text) else {
                throw ActionProblem(
                    status: 422, message: "'\(text)' is not a day; expected YYYY-MM-DD or a day such as friday")
            }
            return day
        }
        return try onTask(fields, folder: folder, refused: 422) { id in
            switch action {
            case .edit:
                var edit = TaskEdit(words: given("words").flatMap { $0.isEmpty ? nil : $0 })
                if let text = given("date"), !text.isEmpty { edit.date = try day(text) }
                if let text = given("time"), !text.isEmpty {
                    guard let time = ClockTime(text) else {
                        throw ActionProblem(status: 422, message: "'\(text)' is not a time of day; expected HH:MM")
                    }
                    edit.time = time
                }
                if let text = given("minutes"), !text.isEmpty {
                    guard let minutes = Int(text) else {
                        throw ActionProblem(status: 422, message: "'\(text)' is not a number of minutes")
                    }
                    edit.minutes = minutes
                }
                if let text = given("category"), !text.isEmpty {
                    guard let category = Category(rawValue: text) else {
                        throw ActionProblem(status: 422, message: "'\(text)' is not a category")
                    }
                    edit.category = category
                }
                guard !edit.isEmpty else { throw ActionProblem(status: 422, message: "nothing to change") }
                let (task, outcome) = try actions.edit(id, edit, today: today, at: at, now: now)
                return Outcome(
                    then: "schedule/", json: ["id": task.id, "applied": outcome == .applied, "task": Self.json(task)])
            case .move:
                guard let text = given("date"), !text.isEmpty else {
                    throw ActionProblem(status: 400, message: "expected the day to move to")
                }
                let date = try day(text)
                let moved = try actions.move([id], to: date, today: today, at: at, now: now)
                return Outcome(then: "schedule/", json: ["moved": moved.map(\.id), "date": date.iso])
            default:
                let removed = try actions.drop([id], today: today, at: at, now: now)
                return Outcome(then: "schedule/", json: ["removed": removed.map(\.id)])
            }
        }
    }

    /// A task as the JSON answers show it.
    private static func json(_ task: StoredTask) -> [String: Any] {
        [
            "id": task.id, "title": task.title, "input": task.input, "category": task.category.rawValue,
            "date": task.date?.iso ?? NSNull(), "time": task.time.map { "\($0)" } ?? NSNull(),
            "minutes": task.minutes ?? NSNull(), "done": task.done
        ]
    }

    /// `GET /api/state`: the pages' Done and Snoozed state from the store, for the signed-in person.
    func pageState(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session else {
            return .text(401, "Sign in first", headers: [("Cache-Control", "no-store")])
        }
        let folder = try planner(of: session)
        let now = clock()
        // The same for a generation of the planner, until a snooze runs out.
        let read = try folder.read()
        let files = accounts.filePaths + (try plannerFiles(of: session))
        func response(_ kept: KeptAnswers<Int64, UInt64>.Answer) -> HTTPResponse {
            let limit = reuseUntil(session)
            return KeptAnswers.response(
                kept, for: request,
                reuse: HTTPResponse.Reuse(
                    forEveryone: false, files: files,
                    until: kept.until.map { min($0, limit) } ?? limit))
        }
        if let kept = pageStates.answer(session.personID, version: read.generation, now: now) {
            return response(kept)
        }
        let state = HTTPResponse.json(200, PageState.of(plan: read.plan, store: read.tasks, now: now))
        let kept = pageStates.keep(
            state.body, contentType: "application/json", for: session.personID, version: read.generation,
            until: PageState.changes(plan: read.plan, store: read.tasks, after: now))
        return response(kept)
    }

    private func signInFirstForAction(_ request: HTTPRequest) throws -> HTTPResponse {
        .seeOther(root + "login/")
    }
}

extension HTTPResponse {
    /// A JSON answer: compact, keys sorted.
    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: Data(JSONValue(answer: object).text()))
    }
}

extension JSONValue {
    /// An answer's value as the routes build them: text, numbers, true and false, `NSNull`,
    /// lists and objects of those, or a `JSONValue`.
    init(answer value: Any) {
        switch value {
        case let value as JSONValue: self = value
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .number(String(number))
        case let number as Int64: self = .number(String(number))
        case let object as [String: Any]: self = .object(object.mapValues { JSONValue(answer: $0) })
        case let list as [Any]: self = .array(list.map { JSONValue(answer: $0) })
        case is NSNull: self = .null
        default:
            assertionFailure("\(type(of: value)) is not a JSON answer's value")
            self = .null
        }
    }
}
