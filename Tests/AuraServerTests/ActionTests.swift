import Foundation
import Testing

@testable import AuraServer

/// Every action of `AuraApp.Action` over JSON, as the pages' scripts send it: each answers 200
/// and its change is in the planner's files; an id the plan and store do not know is 404.
@Suite struct ActionTests {
    /// Done marks a one-off task done in tasks.json, and Undo of the done opens it again.
    @Test func doneAndItsUndo() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()

        let done = try await owner.post("/api/done", json: ["id": id])
        #expect(done.status == 200)
        #expect(try done.json()["done"] as? Bool == true && done.json()["applied"] as? Bool == true)
        #expect(try site.task(id)["done"] as? Bool == true)

        let undone = try await owner.post("/api/undo", json: ["id": id, "undo": "done"])
        #expect(undone.status == 200)
        #expect(try undone.json()["done"] as? Bool == false)
        #expect(try site.task(id)["done"] as? Bool == false)
    }

    /// Snooze keeps the task until the minutes asked for from the app's now, and Undo of the snooze clears it.
    @Test func snoozeAndItsUndo() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()

        let snoozed = try await owner.post("/api/snooze", json: ["id": id, "minutes": 30])
        #expect(snoozed.status == 200)
        #expect(try snoozed.json()["snoozedUntil"] is String)
        let stored = try #require(try site.task(id)["snoozedUntil"] as? String)
        #expect(ISO8601DateFormatter().date(from: stored) == ServedSite.now.addingTimeInterval(30 * 60))

        let unsnoozed = try await owner.post("/api/undo", json: ["id": id, "undo": "snooze"])
        #expect(unsnoozed.status == 200)
        #expect(try unsnoozed.json()["snoozedUntil"] is NSNull)
        #expect(try site.task(id)["snoozedUntil"] == nil)

        // The rule `aura snooze` keeps too: a minute to a day.
        for minutes in [0, 24 * 60 + 1] {
            let refused = try await owner.post("/api/snooze", json: ["id": id, "minutes": minutes])
            #expect(refused.status == 400)
            #expect(
                try refused.json()["error"] as? String
                    == "a snooze lasts 1 minute to 24 h (not \(minutes) min); to hold a task back longer, give it another day"
            )
        }
        #expect(try site.task(id)["snoozedUntil"] == nil)
    }

    /// Undo of the latest change takes back whatever came last, a page's or the CLI's, and a
    /// change made earlier than the latest one to a field, arriving late, is answered but not applied.
    @Test func undoOfTheLatestChangeAndALateChange() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()
        let done = try await owner.post("/api/done", json: ["id": id, "at": 2_000])
        #expect(try done.json()["applied"] as? Bool == true)
        let late = try await owner.post("/api/undo", json: ["id": id, "undo": "done", "at": 1_000])
        #expect(late.status == 200)
        #expect(try late.json()["applied"] as? Bool == false && late.json()["done"] as? Bool == true)

        let undone = try await owner.post("/api/undo", json: ["undo": "latest"])
        #expect(undone.status == 200)
        #expect(try (undone.json()["undone"] as? String ?? "").hasPrefix("Done “"))
        #expect(try site.task(id)["done"] as? Bool == false)
        let nothing = try await owner.post("/api/undo", json: ["undo": "latest"])
        #expect(try nothing.json()["undone"] is NSNull)
    }

    /// Edit reads new words again, Move puts a task on another day, Delete removes it, Undone
    /// opens a done task; an edit that does not read is 422 and changes nothing.
    @Test func editMoveDeleteAndUndone() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()

        let edited = try await owner.post(
            "/api/edit", json: ["id": id, "words": "call the zzplumber 3pm", "minutes": 20])
        #expect(edited.status == 200)
        #expect(try site.task(id)["title"] as? String == "call the zzplumber")
        #expect(try site.task(id)["time"] as? String == "15:00" && site.task(id)["minutes"] as? Int == 20)
        let broken = try await owner.post("/api/edit", json: ["id": id, "words": "tomorrow at 3pm"])
        #expect(broken.status == 422)
        #expect(try site.task(id)["title"] as? String == "call the zzplumber")

        let moved = try await owner.post("/api/move", json: ["id": id, "date": site.date(daysFromToday: 2)])
        #expect(try moved.status == 200 && moved.json()["moved"] as? [String] == [id])
        #expect(try site.task(id)["date"] as? String == site.date(daysFromToday: 2))
        #expect(try await owner.post("/api/move", json: ["id": id, "date": "someday"]).status == 422)

        #expect(try await owner.post("/api/done", json: ["id": id]).status == 200)
        #expect(try await owner.post("/api/undone", json: ["id": id]).status == 200)
        #expect(try site.task(id)["done"] as? Bool == false)

        let removed = try await owner.post("/api/delete", json: ["id": id])
        #expect(try removed.status == 200 && removed.json()["removed"] as? [String] == [id])
        #expect(try site.tasks().allSatisfy { $0["id"] as? String != id })
        #expect(try await owner.post("/api/delete", json: ["id": id]).status == 404)
        let undone = try await owner.post("/api/undo", json: ["undo": "latest"])
        #expect(try undone.json()["undone"] as? String == "Removed “call the zzplumber”")
        #expect(try site.task(id)["title"] as? String == "call the zzplumber")
    }

    /// Without scripts, the notifications page's own forms (and the schedule's and dashboard's)
    /// mark a block done and lead back to the page; a form cannot send the browser anywhere but
    /// a page of this site.
    @Test func theNotificationsPageFormsWorkWithoutScripts() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let page = await owner.get("/notifications/")
        #expect(page.text.contains("<noscript>") && page.text.contains("action=\"/api/done\""))
        let id = try page.formField("id")
        #expect(id.hasPrefix("notify-"))
        let done = await owner.post(
            "/api/done", form: ["csrf": try page.formToken(), "id": id, "then": "notifications/"])
        // Back on the page, which offers to undo what was just done.
        #expect(
            done.status == 303 && done.header("Location") == "/notifications/?undo=1", "\(done.status) \(done.text)")
        let back = await owner.get("/notifications/?undo=1")
        #expect(back.text.contains("class=\"session__undo-summary\">Done "), "\(back.text)")
        let state = try await owner.get("/api/state").json()
        let days = try #require(state["days"] as? [String: [String: [String: String]]])
        #expect(days.values.contains { $0["blocks"]?[id] == "done" })
        let away = await owner.post(
            "/api/snooze", form: ["csrf": try page.formToken(), "id": id, "then": "//evil.example/"])
        #expect(away.status == 303 && away.header("Location") == "/dashboard/?undo=1")
        // The schedule's and the dashboard's blocks carry the same forms, each leading back to its page.
        for path in ["schedule", "dashboard"] {
            let blocks = await owner.get("/\(path)/")
            #expect(blocks.text.contains("<noscript>"), "\(path)")
            #expect(try blocks.formField("then") == "\(path)/")
        }
    }

    /// A snooze longer than a day, or an undo of something else, is a bad request that changes nothing.
    @Test func aSnoozeTooLongOrAnUnknownUndoIsRefused() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let id = try site.openTask()
        #expect(try await owner.post("/api/snooze", json: ["id": id, "minutes": 100_000]).status == 400)
        #expect(try await owner.post("/api/undo", json: ["id": id, "undo": "everything"]).status == 400)
        #expect(try site.task(id)["snoozedUntil"] == nil)
    }

    /// Capture adds its line to the inbox, to be planned later.
    @Test func captureAddsTheLineToTheInbox() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let answer = try await owner.post("/api/capture", json: ["line": "call the zzplumber"])
        #expect(answer.status == 200)
        #expect(try answer.json()["captured"] as? Int == 1)
        let inbox = try String(contentsOf: site.planner.appendingPathComponent("inbox.md"), encoding: .utf8)
        #expect(inbox.contains("call the zzplumber"))
    }

    /// Plan My Day over JSON puts its lines (and the inbox's) in tasks.json for today, counting them.
    @Test func planPutsTheLinesInTheStore() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let before = try site.tasks().count
        let answer = try await owner.post(
            "/api/plan", json: ["inbox": "write the zzbrief 45m\nfile the zzreceipts 20m"])
        #expect(answer.status == 200)
        // Counted with the lines already waiting in inbox.md, captured by the same plan.
        #expect(try answer.json()["captured"] as? Int == site.tasks().count - before)
        #expect(try site.tasks().count - before > 2)
        #expect(try answer.json()["blocks"] as? Int ?? 0 > 0)
        let planned = try site.tasks().filter { ($0["title"] as? String ?? "").contains("zz") }
        #expect(planned.compactMap { $0["title"] as? String }.sorted() == ["file the zzreceipts", "write the zzbrief"])
        #expect(planned.allSatisfy { $0["date"] as? String == site.date() })
    }

    /// Push moves today's unfinished one-off tasks to tomorrow in tasks.json.
    @Test func pushMovesTodaysUnfinishedTasksToTomorrow() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        #expect(try await owner.post("/api/capture", json: ["line": "water the zzplants"]).status == 200)
        #expect(try await owner.post("/api/plan", json: ["inbox": ""]).status == 200)
        let plants = try #require(try site.tasks().first { $0["title"] as? String == "water the zzplants" })
        let id = try #require(plants["id"] as? String)
        #expect(plants["date"] as? String == site.date())

        let answer = try await owner.post("/api/push", json: [:])
        #expect(answer.status == 200)
        let moved = try #require(try answer.json()["moved"] as? [String])
        #expect(moved.contains(id))
        for movedID in moved {
            #expect(try site.task(movedID)["date"] as? String == site.date(daysFromToday: 1))
        }
        let leftToday = try site.tasks().filter {
            $0["date"] as? String == site.date() && $0["done"] as? Bool == false && $0["rrule"] == nil
        }
        #expect(leftToday.isEmpty)
    }

    /// Done, Snooze and Undo on an id neither the plan nor the store knows answer 404 and change nothing.
    @Test(arguments: [
        ("done", ["id": "t99999"]), ("snooze", ["id": "t99999", "minutes": "15"]),
        ("undo", ["id": "t99999", "undo": "done"]), ("done", ["id": "notify-2000-01-01-t1"]),
        ("done", ["id": "../tasks.json"])
    ])
    func anUnknownIDIsNotFound(action: String, body: [String: String]) async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        let before = try Data(contentsOf: site.planner.appendingPathComponent("tasks.json"))
        let answer = try await owner.post("/api/" + action, json: body)
        #expect(answer.status == 404)
        #expect(try answer.json()["error"] is String)
        #expect(try Data(contentsOf: site.planner.appendingPathComponent("tasks.json")) == before)
    }

    /// An action the app does not have is 404.
    @Test func anUnknownActionIsNotFound() async throws {
        let site = try await ServedSite.open()
        var owner = try await site.signedIn()
        #expect(try await owner.post("/api/explode", json: ["id": "t1"]).status == 404)
    }
}
