import AuraPlanner
import AuraSite
import AuraUseCases
import Foundation

/// The planner's actions for the signed-in owner — Plan My Day, quick capture, Done, Snooze,
/// Push the rest of today — as HTML forms (the session's token in a field; 303 back) and as
/// JSON for the scripts (same-origin `Origin` required; JSON back). They call the same use
/// cases as the CLI, under the same lock, so cron and the browser never lose each other's update.
extension AuraApp {
    enum Action: String {
        case plan, capture, done, snooze, push
    }

    /// The longest snooze an action may ask for: a day.
    static let longestSnoozeMinutes = 24 * 60

    func perform(_ action: Action, _ request: HTTPRequest) throws -> HTTPResponse {
        let contentType = (request.header("Content-Type") ?? "").lowercased()
        let isJSON = contentType.hasPrefix("application/json")
        let isForm = contentType.hasPrefix("application/x-www-form-urlencoded") || contentType.hasPrefix("multipart/form-data")
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
            guard request.header("Origin") != nil, sameOrigin(request) else { return .text(403, "Cross-site request refused") }
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
            let outcome = try carryOut(action, fields)
            return isJSON ? .json(200, outcome.json) : .seeOther(root + outcome.then)
        } catch let problem as ActionProblem {
            guard !isJSON, let page = problem.page else { return .json(problem.status, ["error": problem.message]) }
            let body = try site.render(pageAt: root + page, session: try sessionContext(session, notice: problem.message))
            return HTTPResponse(status: problem.status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                                body: body ?? Data())
        }
    }

    /// What an action did: where a form goes next, and the JSON answer.
    private struct Outcome {
        let then: String
        let json: [String: Any]
    }

    /// A request the planner could not carry out, with the page to show it on.
    private struct ActionProblem: Error {
        let status: Int
        let message: String
        var page: String? = nil
    }

    private func carryOut(_ action: Action, _ fields: [String: String]) throws -> Outcome {
        let folder = PlannerFolder(content: configuration.build.contentDirectory)
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
                    throw ActionProblem(status: 422, message: "\(place): \(error.message). Lines before it were added.", page: "planner/")
                }
            }
            guard action == .plan else { return Outcome(then: "planner/", json: ["captured": lines.count]) }
            let outcome = try PlanMyDay(folder: folder).run(day: today, from: now, clock: now)
            return Outcome(then: "schedule/", json: ["captured": outcome.captured.count, "blocks": outcome.days[0].blocks.count])
        case .done, .snooze:
            guard let id = fields["id"], !id.isEmpty else { throw ActionProblem(status: 400, message: "expected the task's id") }
            let minutes = Int(fields["minutes"] ?? "15") ?? -1
            guard action == .done || (1...Self.longestSnoozeMinutes).contains(minutes) else {
                throw ActionProblem(status: 400, message: "a snooze lasts 1 to \(Self.longestSnoozeMinutes) minutes")
            }
            do {
                let task = try folder.changeStore(onWait: {}) { store in
                    if action == .done {
                        try store.markDone(id, on: today)
                    } else {
                        try store.snooze(id, until: now.addingTimeInterval(TimeInterval(minutes * 60)))
                    }
                    return store.tasks[store.index(of: id)!]
                }
                return Outcome(then: "dashboard/", json: ["id": task.id, "done": task.done,
                                                          "snoozedUntil": task.snoozedUntil.map { isoTimestamp($0, in: settings.timeZone) } ?? NSNull()])
            } catch let error as TaskStoreChangeError {
                throw ActionProblem(status: 404, message: error.message)
            }
        case .push:
            let moved = try folder.changeStore(onWait: {}) { store in
                store.rollForward(to: today)
                return store.pushUnfinished(from: today)
            }
            return Outcome(then: "schedule/", json: ["moved": moved])
        }
    }

    private func signInFirstForAction(_ request: HTTPRequest) throws -> HTTPResponse {
        .seeOther(root + "login/")
    }
}

extension HTTPResponse {
    /// A JSON answer.
    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: body)
    }
}
