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
    /// the service says is gone (404, 410) is forgotten. Returns how many were delivered and,
    /// for the others, the service's host, status and reason (never the message's words).
    func push(_ payload: PushPayload, to personID: Int64, urgency: String, ttl: Int) throws -> (
        delivered: Int, problems: [String]
    ) {
        guard case .success(let contact) = pushContact else { return (0, []) }
        let plaintext = [UInt8](try JSONEncoder().encode(payload))
        // At most 32 base64url characters, and one per item: a newer push replaces an unread one.
        let topic = String(Fingerprint.sha256Hex(Array(payload.id.utf8)).prefix(32))
        var delivered = 0
        var problems: [String] = []
        for subscription in try accounts.pushSubscriptions(of: personID) {
            guard pushServices.allows(subscription.endpoint), let endpoint = URL(string: subscription.endpoint) else {
                continue
            }
            let host = endpoint.host ?? "?"
            do {
                let answer = try PushDelivery.post(
                    try PushMessage.encrypt(plaintext, to: subscription), to: subscription.endpoint,
                    headers: [
                        ("Content-Encoding", "aes128gcm"), ("TTL", "\(ttl)"), ("Urgency", urgency), ("Topic", topic),
                        ("Authorization", try vapid.authorization(for: endpoint, contact: contact, now: clock()))
                    ])
                switch answer.status {
                case 200..<300:
                    delivered += 1
                    continue
                case 404, 410:
                    try accounts.removePushSubscription(subscription.endpoint, of: personID)
                default: break
                }
                problems.append("\(host) answered \(answer.status) \(answer.reason.prefix(200))")
            } catch {
                problems.append("\(host): \(error)")
            }
        }
        for problem in problems {
            FileHandle.standardError.write(Data("aura serve: a push was not delivered: \(problem)\n".utf8))
        }
        return (delivered, problems)
    }

    /// `POST /api/push/test`: a reminder now to every browser the person subscribed, to see that
    /// they arrive (as the notifications page's "Send a test reminder").
    func pushTest(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let session = try session(of: request) else { return .text(401, "Sign in first") }
        guard request.header("Origin") != nil, sameOrigin(request) else {
            return .text(403, "Cross-site request refused")
        }
        if case .failure(let problem) = pushContact {
            return .json(409, ["error": "reminders are off on this server: \(problem)"])
        }
        let outcome = try push(
            PushPayload(
                id: "aura-test", title: "Reminders reach you", body: "Each block of your day will ring like this.",
                url: root + "notifications/", tag: "aura-test", badge: 0, actions: []),
            to: session.personID, urgency: "normal", ttl: 600)
        return .json(200, ["delivered": outcome.delivered, "problems": outcome.problems])
    }
}
