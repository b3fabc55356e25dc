import AuraHTTP
import AuraSite
import AuraTestSupport
import Dispatch
import Foundation
import Testing

@testable import AuraServer

/// `aura serve` set up as `ServeCommand` sets it up, in a temporary folder of its own: a copy of
/// the default content, the site built in memory, and one person (sam, the owner) who
/// may sign in. Requests go straight to `AuraApp.respond(to:)`, no socket.
///
/// The app's clock stands still at `PlannerMorning.now` (07:00 in London on the default content's
/// day) and the site's day runs to midnight, so Plan My Day has room whatever the hour of the real day.
final class ServedSite: Sendable {
    static let name = "sam"
    static let password = "correct horse battery staple"
    /// What requests name in `Host`, and same-origin ones in `Origin`.
    static let host = "127.0.0.1:8080"
    static let origin = "http://" + host
    /// The app's clock.
    static let now = PlannerMorning.now
    /// The site's time zone, from the default content's site.yml.
    static let timeZone = TimeZone(identifier: "Europe/London")!

    let folder: URL
    let content: URL
    let app: AuraApp

    private init(folder: URL, content: URL, app: AuraApp) {
        self.folder = folder
        self.content = content
        self.app = app
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A fresh served site in a new temporary folder, removed when the site is released: a
    /// household's, whose owner (sam) plans in `Content/planner/`, unless `demo` keeps the default
    /// content's mark of the demo day there; with `emptyPlanner`, as on a new install, nothing
    /// was planned yet (no store, no plan).
    /// `clock` stands in for the app's clock; `pushService` (a prefix such as
    /// `http://127.0.0.1:8123/push/`) turns Web Push on, to that service.
    static func open(
        emptyPlanner: Bool = false, demo: Bool = false, clock: (@Sendable () -> Date)? = nil,
        pushService: String? = nil
    ) async throws -> ServedSite {
        let folder = try temporaryFolder()
        do {
            let content = folder.appendingPathComponent("Content")
            try Project.copyContent(to: content)
            try dayRunsToMidnight(content)
            if !demo { try FileManager.default.removeItem(at: content.appendingPathComponent("planner/DEMO.md")) }
            if emptyPlanner {
                for file in ["tasks.json", "plan.json", "calendar.ics"] {
                    try FileManager.default.removeItem(at: content.appendingPathComponent("planner/" + file))
                }
                try Data().write(to: content.appendingPathComponent("planner/inbox.md"))
            }
            let state = ServerState(folder.appendingPathComponent("state"))
            let accounts = try Accounts(path: state.accountsDatabase)
            try accounts.setPassword(name: name, password: password, replacing: false, now: now)
            var options = BuildOptions(
                contentDirectory: content, templatesDirectory: Project.templates, outputDirectory: state.site)
            options.profile = name
            var configuration = AuraApp.Configuration(build: options, state: state)
            if let pushService {
                configuration.pushServices = [pushService]
                configuration.pushContact = "mailto:reminders@aura-tests.dev"
            }
            let app = try await AuraApp.start(
                configuration: configuration, accounts: accounts, clock: clock ?? { now })
            return ServedSite(folder: folder, content: content, app: app)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Lets the site's day run to midnight: the default content's tasks may fill 08:30-18:30, and
    /// what a test plans must still fit today.
    private static func dayRunsToMidnight(_ content: URL) throws {
        let file = content.appendingPathComponent("site.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains("time_zone: Europe/London") && text.contains("  end: \"18:30\""))
        try text.replacingOccurrences(of: "  end: \"18:30\"", with: "  end: \"24:00\"")
            .write(to: file, atomically: true, encoding: .utf8)
    }

    /// The app's answer, asked from a Dispatch thread as the HTTP server's threads are, never from
    /// Swift's cooperative pool: a request may wait there for a site build that runs on that pool.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        // The block holds the app alone: the site's last release (which removes its folder) stays the test's.
        let app = app
        return await withCheckedContinuation { answered in
            DispatchQueue.global().async { answered.resume(returning: app.respond(to: request)) }
        }
    }

    /// A visitor who signed in as sam through the sign-in form.
    func signedIn() async throws -> Visitor {
        var visitor = Visitor(site: self)
        let answer = try await visitor.signIn(password: Self.password)
        try #require(answer.status == 303, "signing in answered \(answer.status): \(answer.text)")
        return visitor
    }

    /// The owner's planner folder, `Content/planner/`.
    var planner: URL { content.appendingPathComponent("planner") }

    /// The tasks in `Content/planner/tasks.json`.
    func tasks() throws -> [[String: Any]] {
        let data = try Data(contentsOf: planner.appendingPathComponent("tasks.json"))
        let store = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(store["tasks"] as? [[String: Any]])
    }

    /// The task of `id` in `tasks.json`.
    func task(_ id: String) throws -> [String: Any] {
        try #require(try tasks().first { $0["id"] as? String == id }, "no task \(id) in tasks.json")
    }

    /// The id of a one-off task that is not done yet.
    func openTask() throws -> String {
        let open = try tasks().first {
            $0["done"] as? Bool == false && $0["rrule"] == nil && $0["kind"] as? String == "task"
        }
        return try #require(open?["id"] as? String, "no open one-off task in tasks.json")
    }

    /// The site's date (`2026-12-02`) `days` after the app's today.
    func date(daysFromToday days: Int = 0) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.timeZone
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = Self.timeZone
        return formatter.string(from: calendar.date(byAdding: .day, value: days, to: Self.now)!)
    }
}

/// A browser without the network: it keeps the cookies the app sets and sends them back, its
/// requests read as the HTTP server reads what it receives.
struct Visitor {
    let site: ServedSite
    private(set) var cookies: [String: String] = [:]

    init(site: ServedSite) {
        self.site = site
    }

    mutating func get(_ target: String) async -> HTTPResponse {
        await send("GET", target)
    }

    /// A url-encoded form, same-origin unless `origin` says otherwise (nil: no `Origin` header).
    mutating func post(
        _ target: String, form: KeyValuePairs<String, String>, origin: String? = ServedSite.origin
    ) async -> HTTPResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map { field in
            [field.key, field.value].map { $0.addingPercentEncoding(withAllowedCharacters: allowed)! }
                .joined(separator: "=")
        }.joined(separator: "&")
        return await send(
            "POST", target, contentType: "application/x-www-form-urlencoded", origin: origin, body: Data(body.utf8))
    }

    /// A JSON body as the pages' scripts send it, same-origin unless `origin` says otherwise.
    mutating func post(_ target: String, json: [String: Any], origin: String? = ServedSite.origin) async throws
        -> HTTPResponse
    {
        let body = try JSONSerialization.data(withJSONObject: json)
        return await send("POST", target, contentType: "application/json", origin: origin, body: body)
    }

    /// Signs in through the form: loads it for its token, then posts it; the answer to the post.
    mutating func signIn(name: String = ServedSite.name, password: String) async throws -> HTTPResponse {
        let token = try await get("/login/").formToken()
        return await post("/login/", form: ["csrf": token, "name": name, "password": password])
    }

    private mutating func send(
        _ method: String, _ target: String, contentType: String? = nil, origin: String? = nil, body: Data = Data()
    ) async -> HTTPResponse {
        var headers = ["host": ServedSite.host]
        if !cookies.isEmpty {
            headers["cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; ")
        }
        if let contentType {
            headers["content-type"] = contentType
            headers["content-length"] = String(body.count)
        }
        headers["origin"] = origin
        let request = HTTPRequest(
            method: method, target: target, fields: headers, body: body, clientAddress: "127.0.0.1")
        let response = await site.respond(to: request)
        for (name, value, maxAge) in response.setCookies {
            cookies[name] = maxAge == 0 ? nil : value
        }
        return response
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of header `name`, in any case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Each `Set-Cookie`: the cookie's name, value and `Max-Age` (nil when it has none).
    var setCookies: [(name: String, value: String, maxAge: Int?)] {
        headers.filter { $0.name.lowercased() == "set-cookie" }.compactMap { header in
            let attributes = header.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { return nil }
            let maxAge = attributes.first { $0.hasPrefix("Max-Age=") }.flatMap { Int($0.dropFirst(8)) }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]), maxAge)
        }
    }

    /// The whole `Set-Cookie` header that sets cookie `name` to a value, if any does.
    func cookieHeader(_ name: String) -> String? {
        headers.first { header in
            header.name.lowercased() == "set-cookie" && header.value.hasPrefix(name + "=")
                && !header.value.hasPrefix(name + "=;")
        }?.value
    }

    /// The token of the page's form (`<input name="csrf" value="…">`).
    func formToken() throws -> String {
        try formField("csrf")
    }

    /// The value of the page's first hidden field `name` (`<input … name="actionId" value="…">`).
    func formField(_ name: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        let start = try #require(text.range(of: marker), "no \(name) field in the page").upperBound
        return String(text[start...].prefix { $0 != "\"" })
    }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "not a JSON object: \(text)")
    }
}
