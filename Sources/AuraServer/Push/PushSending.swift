import AuraHTTP
import Foundation
import Platform

/// What a push carries to the service worker: the notification as the notifications page words
/// it, the address that opens its item, and its actions.
struct PushPayload: Encodable, Sendable {
    let id: String
    let title: String
    let body: String
    let url: String
    let tag: String
    let badge: Int
    let actions: [String]
    /// Whose reminder it is: Done and Snooze from the notification act for this person, whichever
    /// profile is active on the device.
    let profile: String
}

/// Who the push services may contact about this server (VAPID's `sub`): `--push-contact`, else
/// the site's public https address. Apple's service refuses a local or reserved name (and FCM
/// does not), so such a name is no contact at all.
public enum PushContact {
    /// `contact` as VAPID's `sub`, or why it cannot be one.
    public static func check(_ contact: String) -> Result<String, PushContactProblem> {
        guard let parts = URLComponents(string: contact), let scheme = parts.scheme?.lowercased() else {
            return .failure(PushContactProblem(description: "'\(contact)' is not a mailto: or https: address"))
        }
        let host: String
        switch scheme {
        case "mailto":
            guard let at = parts.path.lastIndex(of: "@") else {
                return .failure(PushContactProblem(description: "'\(contact)' is not an e-mail address"))
            }
            host = String(parts.path[parts.path.index(after: at)...])
        case "https":
            host = parts.host ?? ""
        default:
            return .failure(PushContactProblem(description: "'\(contact)' is not a mailto: or https: address"))
        }
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        let reserved = [
            "localhost", "local", "invalid", "test", "example", "internal", "lan", "home.arpa", "localdomain"
        ]
        let isReserved =
            reserved.contains { name == $0 || name.hasSuffix("." + $0) }
            || ["example.com", "example.net", "example.org"].contains { name == $0 || name.hasSuffix("." + $0) }
            || !name.contains(".") || name.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" }
        guard !isReserved else {
            return .failure(
                PushContactProblem(
                    description:
                        "'\(host)' is a local or reserved name, which Apple's push service refuses (403 BadJwtToken); give a contact with --push-contact mailto:you@your.domain"
                ))
        }
        return .success(scheme == "mailto" ? contact : "https://\(parts.host ?? host)")
    }
}

public struct PushContactProblem: Error, CustomStringConvertible {
    public let description: String
}

extension AuraApp {
    /// Why this server pushes no reminders, or nil when it does.
    public var pushOff: String? {
        if case .failure(let problem) = pushContact { return problem.description }
        return nil
    }

    /// Sends `payload` to each of `personID`'s subscriptions, encrypted for each; a subscription
    /// the service says is gone (404, 410) is forgotten; a service that is busy or failing (429,
    /// 5xx, no connection) is tried again later, after its `Retry-After`, three tries in all.
    /// Returns how many were delivered and, for the others, the service's host, status and
    /// reason (never the message's words).
    func push(_ payload: PushPayload, to personID: Int64, urgency: String, ttl: Int) throws -> (
        delivered: Int, problems: [String]
    ) {
        var delivered = 0
        var problems: [String] = []
        let started = ContinuousClock.now
        for subscription in try accounts.pushSubscriptions(of: personID) {
            // Slow services do not hold the request past this: the rest are said to be untried.
            guard ContinuousClock.now - started < Self.pushBudget else {
                let host = URL(string: subscription.endpoint)?.host ?? "?"
                problems.append("\(host): not tried, the ones before took too long")
                continue
            }
            let push = PushScheduler.PendingPush(
                personID: personID, endpoint: subscription.endpoint, payload: payload, urgency: urgency, ttl: ttl,
                attempt: 1, due: clock())
            if let problem = try deliver(push, to: subscription) { problems.append(problem) } else { delivered += 1 }
        }
        return (delivered, problems)
    }

    /// How long `push` goes on trying a person's subscriptions one after another.
    static let pushBudget = Duration.seconds(15)

    /// Tries `push` once; nil when delivered, else what went wrong (and, when it may, it is
    /// tried again later).
    func deliver(_ push: PushScheduler.PendingPush, to subscription: Accounts.PushSubscription) throws -> String? {
        guard case .success(let contact) = pushContact, pushServices.allows(subscription.endpoint),
            let endpoint = URL(string: subscription.endpoint)
        else { return "not sent" }
        let host = endpoint.host ?? "?"
        var problem: String
        var retryAfter: TimeInterval?
        do {
            // At most 32 base64url characters, and one per item: a newer push replaces an unread one.
            let topic = String(Fingerprint.sha256Hex(Array(push.payload.id.utf8)).prefix(32))
            let answer = try PushDelivery.post(
                try PushMessage.encrypt([UInt8](try JSONEncoder().encode(push.payload)), to: subscription),
                to: subscription.endpoint,
                headers: [
                    ("Content-Encoding", "aes128gcm"), ("TTL", "\(push.ttl)"), ("Urgency", push.urgency),
                    ("Topic", topic),
                    ("Authorization", try vapid.authorization(for: endpoint, contact: contact, now: clock()))
                ])
            switch answer.status {
            case 200..<300:
                return nil
            case 404, 410:
                try accounts.removePushSubscription(subscription.endpoint, of: push.personID)
            case 429, 500..<600:
                retryAfter = answer.retryAfter ?? PushScheduler.backoff(after: push.attempt)
            default: break
            }
            problem = "\(host) answered \(answer.status) \(answer.reason.prefix(200))"
        } catch let failure as PushDelivery.Failed {
            problem = "\(host): \(failure)"
            retryAfter = PushScheduler.backoff(after: push.attempt)
        }
        if let retryAfter, push.attempt < PushScheduler.tries, retryAfter < TimeInterval(push.ttl),
            let scheduler = pushScheduler.withLock({ $0 })
        {
            scheduler.later(push.again(at: clock().addingTimeInterval(retryAfter)))
            problem += "; tried again in \(Int(retryAfter.rounded(.up))) s"
        }
        FileHandle.standardError.write(Data("aura serve: a push was not delivered: \(problem)\n".utf8))
        return problem
    }

    /// Tries again what is due of the pushes waiting to be retried.
    func retryPushes() {
        guard let scheduler = pushScheduler.withLock({ $0 }) else { return }
        for push in scheduler.takeDue(at: clock()) {
            guard
                let subscription = try? accounts.pushSubscriptions(of: push.personID).first(where: {
                    $0.endpoint == push.endpoint
                })
            else { continue }
            _ = try? deliver(push, to: subscription)
        }
    }

    /// `POST /api/push/test`: a reminder now to every browser the person subscribed, to see that
    /// they arrive (as the notifications page's "Send a test reminder").
    func pushTest(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard let session = try context.session else { return .text(401, "Sign in first") }
        guard request.header("Origin") != nil, sameOrigin(request) else {
            return .text(403, "Cross-site request refused")
        }
        if case .failure(let problem) = pushContact {
            return .json(409, ["error": "reminders are off on this server: \(problem)"])
        }
        let payload = PushPayload(
            id: "aura-test", title: "Reminders reach you", body: "Each block of your day will ring like this.",
            url: root + "notifications/", tag: "aura-test", badge: 0, actions: [], profile: session.name)
        do {
            let outcome = try slowWork.run(for: session.personID) {
                try push(payload, to: session.personID, urgency: "normal", ttl: 600)
            }
            return .json(200, ["delivered": outcome.delivered, "problems": outcome.problems])
        } catch let refusal as SlowWork.Refusal {
            var response = HTTPResponse.json(refusal.status, ["error": refusal.sentence])
            response.add("Retry-After", "5")
            return response
        }
    }
}
