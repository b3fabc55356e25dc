import AuraHTTP
import Foundation
import Platform
import Synchronization
import Testing

@testable import AuraServer

/// The reminder scheduler with the app's clock moved by the test, against a push service on
/// loopback that counts what arrives: a reminder goes at its trigger, once; a snooze moves it
/// fifteen minutes on; Done before the trigger cancels it; one missed by more than ten minutes
/// is dropped.
@Suite struct PushSchedulerTests {
    /// The app's clock, set by the test.
    final class Clock: Sendable {
        let now: Mutex<Date>
        init(_ start: Date) { now = Mutex(start) }
        func set(_ date: Date) { now.withLock { $0 = date } }
        var read: @Sendable () -> Date { { [self] in now.withLock { $0 } } }
    }

    /// A push service on loopback: answers 201 and counts the pushes that arrived.
    final class FakePushService: Sendable {
        let server: HTTPServer
        let counter: Counter

        init() throws {
            var settings = HTTPServer.Settings(address: "127.0.0.1", port: 0)
            settings.headerNames = ["content-encoding", "authorization"]
            let count = Counter()
            server = try HTTPServer(settings: settings) { request in
                if request.method == "POST", request.header("Content-Encoding") == "aes128gcm" { count.add() }
                return HTTPResponse(status: 201)
            }
            counter = count
        }

        var prefix: String { "http://127.0.0.1:\(server.port)/push/" }
        var count: Int { counter.value }

        final class Counter: Sendable {
            private let total = Mutex(0)
            func add() { total.withLock { $0 += 1 } }
            var value: Int { total.withLock { $0 } }
        }
    }

    /// Subscribes `visitor`'s browser (a key of its own) to reminders through `service`.
    static func subscribe(_ visitor: inout Visitor, to service: FakePushService) async throws {
        let browser = try P256Key()
        let subscription: [String: Any] = [
            "endpoint": service.prefix + "device",
            "keys": [
                "p256dh": Base64URL.encode(browser.publicPoint),
                "auth": Base64URL.encode(Array(repeating: 7, count: 16))
            ]
        ]
        #expect(try await visitor.post("/api/push/subscriptions", json: ["subscription": subscription]).status == 201)
    }

    @Test func aReminderGoesOnceAtItsTriggerASnoozeMovesItAndDoneCancelsIt() async throws {
        let clock = Clock(ServedSite.now)
        let service = try FakePushService()
        defer { service.server.stop() }
        let site = try await ServedSite.open(clock: clock.read, pushService: service.prefix)
        var sam = try await site.signedIn()
        try await Self.subscribe(&sam, to: service)
        let plan = try #require(site.app.planner(personID: 1, isOwner: true).read().plan)
        let notes = try #require(plan.today?.notifications)
        try #require(notes.count >= 4)
        let (first, second, third, fourth) = (notes[0], notes[1], notes[2], notes[3])

        // At its trigger: pushed, once however often the scheduler looks.
        clock.set(first.fireDate.addingTimeInterval(1))
        site.app.sendDueReminders(refreshStamps: true)
        site.app.sendDueReminders(refreshStamps: true)
        #expect(service.count == 1)

        // Snoozed a minute before its trigger: nothing at the trigger, then fifteen minutes on.
        clock.set(second.fireDate.addingTimeInterval(-60))
        #expect(try await sam.post("/api/snooze", json: ["id": second.id, "minutes": 15]).status == 200)
        clock.set(second.fireDate.addingTimeInterval(1))
        site.app.sendDueReminders(refreshStamps: true)
        #expect(service.count == 1)
        clock.set(second.fireDate.addingTimeInterval(14 * 60 + 1))
        site.app.sendDueReminders(refreshStamps: true)
        #expect(service.count == 2)

        // Done before its trigger: never pushed.
        clock.set(third.fireDate.addingTimeInterval(-60))
        #expect(try await sam.post("/api/done", json: ["id": third.id]).status == 200)
        clock.set(third.fireDate.addingTimeInterval(1))
        site.app.sendDueReminders(refreshStamps: true)
        #expect(service.count == 2)

        // Missed by more than ten minutes (the server was down): dropped.
        clock.set(fourth.fireDate.addingTimeInterval(11 * 60))
        site.app.sendDueReminders(refreshStamps: true)
        let owner = try #require(try site.app.accounts.people().first(where: \.isOwner))
        #expect(
            try site.app.accounts.claimPush(fourth.id, fire: fourth.fireDate, of: owner.id, now: clock.read())
                == .claimed,
            "it was not pushed")
    }
}
