import AuraHTTP
import Foundation
import Platform
import Synchronization

/// Answers computed once and then given from memory while what they were made from stands, with
/// an `ETag` for a client that asks whether it changed: a signed-in page per session and build,
/// `/api/state` per person and planner files. The caller decides what may be kept.
final class KeptAnswers<Key: Hashable & Sendable, Version: Equatable & Sendable>: Sendable {
    struct Answer: Sendable {
        /// What the answer was made from (a build's generation, the planner files' stamp).
        let version: Version
        /// When it goes stale even with `version` unchanged (a snooze running out); nil: never.
        let until: Date?
        let body: Data
        let tag: String
        let contentType: String
    }

    /// More answers than this and the oldest guess is wrong often enough: start again.
    private static var limit: Int { 4096 }
    private let answers = Mutex<[Key: Answer]>([:])

    /// The answer kept for `key` when it was made from `version` and is still good at `now`.
    func answer(_ key: Key, version: Version, now: Date) -> Answer? {
        answers.withLock { $0[key] }.flatMap { $0.version == version && $0.until.map { now < $0 } != false ? $0 : nil }
    }

    /// Keeps `body` as `key`'s answer from `version` (until `until`), and returns it with its tag.
    @discardableResult
    func keep(_ body: Data, contentType: String, for key: Key, version: Version, until: Date? = nil) -> Answer {
        let answer = Answer(
            version: version, until: until, body: body, tag: "\"" + Fingerprint.sha256Hex(body) + "\"",
            contentType: contentType)
        answers.withLock { answers in
            if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
            answers[key] = answer
        }
        return answer
    }

    /// The response for `answer`: 304 when the client already holds it. With `reuse`, the
    /// transport may give it again to the same session while `reuse.files` stand.
    static func response(_ answer: Answer, for request: HTTPRequest, reuse: HTTPResponse.Reuse?) -> HTTPResponse {
        // no-store: a person's day is not left in a shared computer's cache; a script that keeps
        // it itself may still ask with the tag.
        let headers = [("Content-Type", answer.contentType), ("Cache-Control", "no-store"), ("ETag", answer.tag)]
        var response =
            if let asked = request.header("If-None-Match"), StaticFiles.matches(asked, answer.tag) {
                HTTPResponse(status: 304, headers: headers)
            } else {
                HTTPResponse(status: 200, headers: headers, body: request.method == "HEAD" ? Data() : answer.body)
            }
        response.reuse = reuse
        return response
    }
}

/// A signed-in page as one session sees it: the forms carry the session's token, the header
/// the profiles this browser holds.
struct SessionPage: Hashable, Sendable {
    let csrf: String
    let heldProfiles: String
    let path: String
}
