import AuraSite
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPlanner

/// The personal pages and calendars built from the default plan (Wednesday 2 December 2026).
@Suite(.serialized) struct PersonalSiteTests {
    static let today = "2026-12-02"

    /// The default snapshot, read as plain JSON so the test does not trust the code under test.
    static func snapshot(_ content: URL = Project.content) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: content.appendingPathComponent("planner/plan.json")))
            as! [String: Any]
    }

    static func days(_ snapshot: [String: Any]) -> [[String: Any]] { snapshot["days"] as! [[String: Any]] }

    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// What a reader sees: the page without tags, entities decoded, white space folded.
    static func visibleText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    @Test func everyPersonalPageAndFileIsBuilt() async throws {
        let output = try await buildDefaultSite()
        let dates = Self.days(try Self.snapshot()).map { ($0["date"] as! String) }
        #expect(dates.count == 7 && dates.first == Self.today)
        var paths = [
            "dashboard/index.html", "planner/index.html", "schedule/index.html", "notifications/index.html",
            "reflections/index.html", "aura.ics", "notifications.json"
        ]
        paths += dates.flatMap { ["schedule/\($0)/index.html", "schedule/\($0)/aura.ics"] }
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "missing \(path)")
        }
    }

    @Test func scheduleShowsEveryBlockAndTheLaterLane() async throws {
        let output = try await buildDefaultSite()
        let day = Self.days(try Self.snapshot())[0]
        let html = try String(
            contentsOf: output.appendingPathComponent("schedule/\(Self.today)/index.html"), encoding: .utf8)
        let text = Self.visibleText(html)
        for block in day["blocks"] as! [[String: Any]] {
            let span = block["span"] as! [String: Int]
            let id = block["id"] as! String
            #expect(html.contains("id=\"block-\(id)\""), "no anchor for \(id)")
            #expect(
                text.contains("\(Self.clock(span["start"]!))–\(Self.clock(span["end"]!))"), "no time range for \(id)")
            #expect(text.contains((block["focusMode"] as! String)), "no focus mode for \(id)")
            for task in block["tasks"] as! [[String: Any]] {
                #expect(text.contains(task["title"] as! String), "no task \(task["title"]!)")
            }
        }
        for emoji in ["🧠", "📋", "🌿", "🎭"] { #expect(html.contains(emoji)) }
        for item in day["later"] as! [[String: Any]] {
            #expect(text.contains(item["title"] as! String))
            #expect(text.contains(item["reason"] as! String))
        }
        let nextDay = Self.days(try Self.snapshot())[1]["date"] as! String
        #expect(html.contains("/schedule/\(nextDay)/"), "no link to the next day")
    }

    @Test func dashboardShowsLoadAgainstCapacityAndTheTopTasks() async throws {
        let output = try await buildDefaultSite()
        let day = Self.days(try Self.snapshot())[0]
        let html = try String(contentsOf: output.appendingPathComponent("dashboard/index.html"), encoding: .utf8)
        // Written as durationText writes them, no-break spaces and all, straight into the page.
        #expect(
            html.contains(
                "\(durationText(day["loadMinutes"] as! Int)) planned of \(durationText(day["capacityMinutes"] as! Int)) free"
            ))
        for link in ["/planner/", "/schedule/", "/reflections/", "/notifications/", "/culture/"] {
            #expect(html.contains("href=\"\(link)\""), "no quick link to \(link)")
        }
    }

    @Test func notificationsJSONLinksEveryNotificationToAnExistingBlock() async throws {
        let output = try await buildDefaultSite()
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("notifications.json"))) as! [String: Any]
        #expect(json["timezone"] as? String == "Europe/London")
        #expect((json["badge"] as? Int).map { $0 > 0 } == true)
        #expect((json["generated"] as? String)?.count == 25)
        let notifications = json["notifications"] as! [[String: Any]]
        #expect(!notifications.isEmpty)
        let schedule = try String(
            contentsOf: output.appendingPathComponent("schedule/\(Self.today)/index.html"), encoding: .utf8)
        for note in notifications {
            let url = note["url"] as! String
            #expect(url.hasPrefix("/schedule/\(Self.today)/#block-"))
            #expect(schedule.contains("id=\"\(url.split(separator: "#")[1])\""), "\(url) points nowhere")
            #expect(note["actions"] as? [String] == ["done", "snooze-15"])
            #expect((note["title"] as! String).count <= 40)
            #expect(["active", "time-sensitive"].contains(note["interruptionLevel"] as! String))
        }
        #expect(notifications.contains { $0["interruptionLevel"] as? String == "time-sensitive" })
    }

    @Test func personalPagesAreKeptOutOfSearchEngines() async throws {
        let output = try await buildDefaultSite()
        let sitemap = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(!sitemap.contains("/dashboard/") && !sitemap.contains("/schedule/"))
        let robots = try String(contentsOf: output.appendingPathComponent("robots.txt"), encoding: .utf8)
        let personal = [
            "dashboard/", "planner/", "schedule/", "week/", "focus/", "notifications/", "reflections/",
            "notifications.json", "aura.ics"
        ]
        #expect(personal.filter { !robots.contains("Disallow: /\($0)\n") } == [])
        let dashboard = try String(contentsOf: output.appendingPathComponent("dashboard/index.html"), encoding: .utf8)
        #expect(dashboard.contains("<meta name=\"robots\" content=\"noindex\">"))
    }

    @Test func calendarsPassEveryICalendarEngine() async throws {
        let output = try await buildDefaultSite()
        let result = try runProgram("python3", [try Project.webcheckScript("check_ics.py"), "--strict", output.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("8 files, 0 errors, 0 warnings"), "\(result.output)")
    }

    /// UID → (SEQUENCE, DTSTART) of every VEVENT in an unfolded iCalendar text.
    static func events(_ ics: String) -> [String: (sequence: String, start: String)] {
        let lines = ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var events: [String: (String, String)] = [:]
        var current: [String: String] = [:]
        for line in lines {
            if line == "END:VEVENT" {
                events[current["UID"]!] = (current["SEQUENCE"] ?? "0", current["DTSTART"]!)
                current = [:]
            } else if let colon = line.firstIndex(of: ":") {
                current[String(line[..<colon])] = String(line[line.index(after: colon)...])
            }
        }
        return events
    }

    @Test func replanningUpdatesEventsInsteadOfAddingThem() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let output = folder.appendingPathComponent("Public")
        func plan() async -> Int32 {
            await aura(["plan", "--content", content.path, "--date", Self.today]).status
        }
        func build() async throws -> [String: (sequence: String, start: String)] {
            let result = await aura([
                "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path,
                "--quiet"
            ])
            #expect(result.status == 0, "\(result.err)")
            return Self.events(try String(contentsOf: output.appendingPathComponent("aura.ics"), encoding: .utf8))
        }
        #expect(await plan() == 0)
        let before = try await build()
        #expect(await plan() == 0)
        let unchanged = try await build()
        #expect(
            unchanged.mapValues(\.sequence) == before.mapValues(\.sequence), "re-planning nothing changed a SEQUENCE")

        // A lunch on Sunday moves that day's run, and nothing else.
        let calendar = content.appendingPathComponent("planner/calendar.ics")
        let lunch =
            "BEGIN:VEVENT\r\nUID:lunch@example.org\r\nDTSTAMP:20261120T090000Z\r\nDTSTART;TZID=Europe/London:20261206T120000\r\nDTEND;TZID=Europe/London:20261206T133000\r\nSUMMARY:Lunch with Ana\r\nEND:VEVENT\r\n"
        try (try String(contentsOf: calendar, encoding: .utf8)).replacingOccurrences(
            of: "END:VCALENDAR", with: lunch + "END:VCALENDAR"
        )
        .write(to: calendar, atomically: true, encoding: .utf8)
        #expect(await plan() == 0)
        let after = try await build()

        #expect(Set(after.keys) == Set(before.keys), "events were added or removed")
        let moved = after.keys.filter { after[$0]!.start != before[$0]!.start }
        #expect(moved.count == 1, "expected one moved event, got \(moved)")
        for uid in after.keys {
            let expected = moved.contains(uid) ? String(Int(before[uid]!.sequence)! + 1) : before[uid]!.sequence
            #expect(after[uid]!.sequence == expected, "\(uid)")
        }
    }
}

/// A site whose owner has never run `aura plan`.
struct UnplannedSiteTests {
    @Test func buildsWithHonestEmptyStatesAndNoDeadLinks() async throws {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        try FileManager.default.removeItem(at: content.appendingPathComponent("planner"))
        let output = folder.appendingPathComponent("Public")
        let result = await aura([
            "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path,
            "--quiet"
        ])
        #expect(result.status == 0, "\(result.err)")
        let files = try snapshot(output)
        #expect(
            files["dashboard/index.html"] != nil && files["planner/index.html"] != nil
                && files["reflections/index.html"] != nil)
        #expect(files["schedule/index.html"] == nil && files["aura.ics"] == nil && files["notifications.json"] == nil)
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(
                !html.contains("href=\"/schedule/") && !html.contains("href=\"/notifications/"),
                "\(path) links to a page that is not built")
        }
        let dashboard = PersonalSiteTests.visibleText(String(decoding: files["dashboard/index.html"]!, as: UTF8.self))
        #expect(dashboard.contains("aura plan --build"))
        #expect(dashboard.contains("There is no plan for today, so Aura assumes a medium-energy evening."))
    }
}

/// The installable app's files: the service worker, its offline page and the manifest.
struct AppShellTests {
    @Test func workerPrecachesTheShellAndTheComingDays() async throws {
        let output = try await buildDefaultSite()
        let worker = try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8)
        let dates = PersonalSiteTests.days(try PersonalSiteTests.snapshot()).map { $0["date"] as! String }
        for path in ["/dashboard/", "/week/", "/focus/", "/offline/", "/notifications.json", "/manifest.webmanifest"]
            + dates.map({ "/schedule/\($0)/" })
        {
            #expect(worker.contains("\"\(path)\""), "not precached: \(path)")
        }
        let dashboard = try String(contentsOf: output.appendingPathComponent("dashboard/index.html"), encoding: .utf8)
        for asset in PageAssetTests.assets(of: dashboard) {
            #expect(worker.contains("\"\(asset)\""), "not precached: \(asset)")
        }
        #expect(!worker.contains("\"/culture/"), "public pages are not precached")
    }

    /// Every file the worker installs: its shell, then the personal files.
    static func precache(_ worker: String) throws -> [String] {
        let lists = try precacheLists(worker)
        return lists.shell + lists.personal
    }

    /// The worker's two lists, each read as the JSON it is (not a substring of the whole file,
    /// where `"/"` also stands for the root).
    static func precacheLists(_ worker: String) throws -> (shell: [String], personal: [String]) {
        func list(_ match: Regex<(Substring, Substring)>.Match?) throws -> [String] {
            let json = try #require(match).output.1
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]]).first ?? []
        }
        return (
            try list(worker.firstMatch(of: /var PRECACHE_SHELL = urls\((\[.*?\])\[0\]\);/)),
            try list(worker.firstMatch(of: /var PRECACHE_PERSONAL = urls\((\[.*?\])\[0\]\);/))
        )
    }

    @Test func workerPrecachesTheLandingPage() async throws {
        let output = try await buildDefaultSite()
        let worker = try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8)
        let list = try Self.precache(worker)
        #expect(list.contains("/"), "the landing page is not precached: \(list)")
        #expect(list.contains("/dashboard/"))
        #expect(Set(list).count == list.count, "a file is precached twice")
    }

    /// `aura deploy` leaves the personal pages home by default: the worker must install without
    /// them, so they are in the list it takes only where the host has them, and only there.
    @Test func workerTakesThePersonalFilesApartFromTheShell() async throws {
        let output = try await buildDefaultSite()
        let (shell, personal) = try Self.precacheLists(
            try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8))
        #expect(["/", "/offline/", "/manifest.webmanifest"].allSatisfy(shell.contains), "\(shell)")
        #expect(shell.allSatisfy { !PersonalPaths.contains(String($0.dropFirst())) }, "\(shell)")
        #expect(personal.contains("/dashboard/") && personal.contains("/notifications.json"), "\(personal)")
        #expect(personal.allSatisfy { PersonalPaths.contains(String($0.dropFirst())) }, "\(personal)")
    }

    @Test func manifestStartsAtTheDashboardWithIconsAtEverySize() async throws {
        let output = try await buildDefaultSite()
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("manifest.webmanifest"))) as! [String: Any]
        #expect(manifest["start_url"] as? String == "/dashboard/")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["theme_color"] as? String == "#F5F5F7")
        let icons = manifest["icons"] as! [[String: String]]
        for icon in icons {
            #expect(
                FileManager.default.fileExists(
                    atPath: output.appendingPathComponent(String(icon["src"]!.dropFirst())).path),
                "\(icon["src"]!) missing")
        }
        #expect(icons.contains { $0["type"] == "image/svg+xml" })
        for size in ["192x192", "512x512"] {
            #expect(
                icons.contains { $0["sizes"] == size && $0["type"] == "image/png" && $0["purpose"] == "any" },
                "no \(size) icon")
        }
        #expect(icons.contains { $0["purpose"] == "maskable" })
    }
}
