import AuraHTTP
import Foundation
import Platform

/// Web Push subscriptions: `GET /api/push/key` gives the server's VAPID public key (base64url
/// of the 65-byte point) for `pushManager.subscribe`; `POST /api/push/subscriptions` keeps a
/// browser's subscription for the signed-in person (`{"subscription": <PushSubscription.toJSON()>,
/// "profile": …}`: 201, or 200 when that person already had the endpoint); `DELETE` with
/// `{"endpoint"}` forgets it (204). Only endpoints of an allowed push service are kept (422
/// names them), so no request ever goes anywhere else.
extension AuraApp {
    func pushKey() -> HTTPResponse {
        var response = HTTPResponse.json(200, ["publicKey": Base64URL.encode([UInt8](vapid.publicKey))])
        response.add("Cache-Control", "no-cache")
        return response
    }

    func pushSubscriptions(_ context: RequestContext) throws -> HTTPResponse {
        let request = context.request
        guard (request.header("Content-Type") ?? "").lowercased().hasPrefix("application/json") else {
            return .text(415, "Send application/json")
        }
        guard let session = try context.session else { return .text(401, "Sign in first") }
        guard request.header("Origin") != nil, sameOrigin(request) else {
            return .text(403, "Cross-site request refused")
        }
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            return .json(400, ["error": "expected a JSON object"])
        }
        if request.method == "DELETE" {
            guard let endpoint = object["endpoint"] as? String, !endpoint.isEmpty else {
                return .json(400, ["error": "expected the subscription's endpoint"])
            }
            try accounts.removePushSubscription(endpoint, of: session.personID)
            return HTTPResponse(status: 204)
        }
        guard let subscription = object["subscription"] as? [String: Any],
            let endpoint = subscription["endpoint"] as? String,
            let keys = subscription["keys"] as? [String: Any],
            let p256dh = (keys["p256dh"] as? String).flatMap(Base64URL.decode),
            let auth = (keys["auth"] as? String).flatMap(Base64URL.decode)
        else {
            return .json(
                400, ["error": "expected {\"subscription\": {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}}}"])
        }
        guard P256Key.isPoint(p256dh), auth.count == 16 else {
            return .json(
                422, ["error": "keys.p256dh must be a 65-byte P-256 point and keys.auth 16 bytes, in base64url"])
        }
        guard pushServices.allows(endpoint) else {
            return .json(
                422,
                [
                    "error": "pushes go only to "
                        + pushServices.services.map(\.description).joined(separator: ", ")
                        + "; this endpoint is not one of them"
                ])
        }
        let profile = (object["profile"] as? String).map { String($0.prefix(100)) } ?? session.name
        let added = try accounts.addPushSubscription(
            Accounts.PushSubscription(endpoint: endpoint, p256dh: Data(p256dh), auth: Data(auth), profile: profile),
            of: session.personID, now: clock())
        return .json(added ? 201 : 200, ["endpoint": endpoint])
    }
}
