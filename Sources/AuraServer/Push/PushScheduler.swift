import AuraPlanner
import AuraUseCases
import Dispatch
import Foundation
import Platform
import Synchronization

/// One scheduler for everyone's reminders: each notification of a subscribed person's plan (the
/// ones `notifications.json` and the calendar alarms list) is pushed at its trigger, once.
///
/// A timer ticks each second and only looks at what it holds in memory (a tick with nothing due
/// ends there); each person's due
/// reminders are read again from their plan and store when those files' stamps change (looked
/// at every few seconds), so an action here, cron's `aura plan` or an editor is noticed. Right
/// before a push, its block is read again: Done cancels it, a snooze moves it to the snooze's
/// end. Each push is claimed in the accounts database before it is sent and recorded as sent
/// after, with its trigger (a moved trigger is a new push), so a restart or another replica
/// sends nothing twice, and a claim a replica died holding lapses to the others
/// (`Accounts.claimLifetime`); a trigger missed for up to `lateness` (the server was down) is
/// sent late, older ones are dropped.
final class PushScheduler: Sendable {
    static let lateness: TimeInterval = 10 * 60
    static let stampInterval = 5

    private let queue = DispatchQueue(label: "aura.serve.push")
    // Dispatch sources may be cancelled from any thread.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer
    /// Per person: the planner files' stamp the reminders were read at, and the reminders.
    private let due: Mutex<[Int64: (generation: UInt64, reminders: [Reminder])]> = Mutex([:])
    private let ticks = Atomic<Int>(0)

    /// The reminders known to be pushed (person, notification, trigger), so a tick in the
    /// minutes after a trigger reads no store for them again.
    private let pushed: Mutex<Set<String>> = Mutex([])

    func wasPushed(_ reminder: Reminder, of personID: Int64) -> Bool {
        pushed.withLock { $0.contains(Self.key(reminder, personID)) }
    }

    func notePushed(_ reminder: Reminder, of personID: Int64) {
        pushed.withLock { _ = $0.insert(Self.key(reminder, personID)) }
    }

    private static func key(_ reminder: Reminder, _ personID: Int64) -> String {
        "\(personID) \(reminder.notification.id) \(Int64(reminder.fire.timeIntervalSince1970))"
    }

    /// How many times a push is tried in all.
    static let tries = 3
    /// Pushes waiting to be tried again.
    private let pending: Mutex<[PendingPush]> = Mutex([])

    /// A push a busy or failing service is to be sent again.
    struct PendingPush: Sendable {
        let personID: Int64
        let endpoint: String
        let payload: PushPayload
        let urgency: String
        let ttl: Int
        let attempt: Int
        let due: Date

        func again(at due: Date) -> PendingPush {
            PendingPush(
                personID: personID, endpoint: endpoint, payload: payload, urgency: urgency, ttl: ttl,
                attempt: attempt + 1, due: due)
        }
    }

    /// The wait before another try, when the service names none: 5 s, then 30 s.
    static func backoff(after attempt: Int) -> TimeInterval {
        attempt <= 1 ? 5 : 30
    }

    func later(_ push: PendingPush) {
        pending.withLock { $0.append(push) }
    }

    /// The pushes due by `now`, taken off the list.
    func takeDue(at now: Date) -> [PendingPush] {
        pending.withLock { pending in
            let due = pending.filter { $0.due <= now }
            pending.removeAll { $0.due <= now }
            return due
        }
    }

    /// A reminder as the scheduler keeps it: when, and which block of which day.
    struct Reminder: Sendable, Equatable {
        let notification: PlannedNotification
        let day: LocalDate
        let fire: Date
    }

    init(tick: @escaping @Sendable (_ refreshStamps: Bool) -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in
            guard let count = self?.ticks.add(1, ordering: .relaxed).newValue else { return }
            tick(count % Self.stampInterval == 1)
        }
        timer.resume()
    }

    func stop() { timer.cancel() }

    deinit { timer.cancel() }

    /// The reminders kept for `personID`, made again from `planner` when it is a new generation.
    func reminders(of personID: Int64, in planner: PlannerState) -> [Reminder] {
        if let kept = due.withLock({ $0[personID] }), kept.generation == planner.generation { return kept.reminders }
        let reminders = planner.plan.map { Self.reminders(in: $0, store: planner.tasks) } ?? []
        due.withLock { $0[personID] = (planner.generation, reminders) }
        return reminders
    }

    /// Whether anything kept is due by `now` and not pushed yet: between stamp checks, a tick
    /// with nothing due touches neither the database nor a store.
    func anythingDue(at now: Date) -> Bool {
        due.withLock { due in
            due.contains { personID, kept in
                kept.reminders.contains { reminder in
                    reminder.fire <= now && reminder.fire > now - Self.lateness
                        && !pushed.withLock { $0.contains(Self.key(reminder, personID)) }
                }
            }
        } || pending.withLock { !$0.isEmpty }
    }

    /// What is kept for `personID`, without reading anything.
    func kept(of personID: Int64) -> [Reminder] {
        due.withLock { $0[personID]?.reminders ?? [] }
    }

    /// The reminders of `plan` as `store` holds its tasks: a block whose tasks are all done has
    /// none; a snoozed block's moves to the snooze's end.
    static func reminders(in plan: PlanSnapshot, store: TaskStore) -> [Reminder] {
        plan.days.flatMap { day in
            day.notifications.compactMap { notification -> Reminder? in
                guard let block = day.blocks.first(where: { $0.id == notification.blockId }) else { return nil }
                let tasks = block.tasks.compactMap { task in store.index(of: task.id).map { store.tasks[$0] } }
                guard tasks.isEmpty || tasks.contains(where: { $0.isOpen(on: day.date) }) else { return nil }
                let snoozed = tasks.compactMap(\.snoozedUntil).max()
                let fire = max(notification.fireDate, snoozed ?? notification.fireDate)
                return Reminder(notification: notification, day: day.date, fire: fire)
            }
        }
    }
}

extension AuraApp {
    func startPushScheduler() {
        guard case .success = pushContact else { return }
        pushScheduler.withLock { scheduler in
            scheduler = PushScheduler { [weak self] refresh in self?.sendDueReminders(refreshStamps: refresh) }
        }
    }

    /// One tick: every subscribed person's reminders whose trigger has come are pushed.
    func sendDueReminders(refreshStamps: Bool) {
        guard let scheduler = pushScheduler.withLock({ $0 }) else { return }
        let now = clock()
        guard refreshStamps || scheduler.anythingDue(at: now) else { return }
        retryPushes()
        guard let people = try? accounts.peopleWithPushSubscriptions() else { return }
        for person in people {
            guard let folder = try? planner(personID: person.id, isOwner: person.isOwner) else { continue }
            let reminders =
                refreshStamps
                ? ((try? folder.read()).map { scheduler.reminders(of: person.id, in: $0) } ?? [])
                : scheduler.kept(of: person.id)
            for reminder in reminders
            where reminder.fire <= now && reminder.fire > now - PushScheduler.lateness
                && !scheduler.wasPushed(reminder, of: person.id)
            {
                // Read again right before: a Done or a snooze since the last look counts.
                guard
                    let current = Self.currentReminders(folder).first(where: {
                        $0.notification.id == reminder.notification.id
                    }),
                    current.fire <= now
                else { continue }
                let claim = try? accounts.claimPush(
                    current.notification.id, fire: current.fire, of: person.id, now: now)
                guard claim == .claimed || claim == .sent else { continue }
                scheduler.notePushed(current, of: person.id)
                guard claim == .claimed else { continue }
                PausePoint.reached("push: claimed")
                let note = current.notification
                _ = try? push(
                    PushPayload(
                        id: note.id, title: note.title, body: note.body,
                        // The dated page: after midnight, `schedule/` is another day.
                        url: root + "schedule/\(current.day.iso)/"
                            + "?profile=\(person.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")#block-\(note.blockId)",
                        tag: note.id, badge: reminders.filter { $0.fire <= now }.count, actions: ["done", "snooze"],
                        profile: person.name),
                    to: person.id, urgency: now.timeIntervalSince(current.fire) < 60 ? "high" : "normal",
                    ttl: Int(PushScheduler.lateness))
                try? accounts.notePushSent(current.notification.id, fire: current.fire, of: person.id)
            }
        }
    }

    private static func currentReminders(_ folder: any PlannerStore) -> [PushScheduler.Reminder] {
        guard let state = try? folder.read(), let plan = state.plan else { return [] }
        return PushScheduler.reminders(in: plan, store: state.tasks)
    }
}
