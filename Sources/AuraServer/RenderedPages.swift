import AuraHTTP
import Foundation
import Platform
import Synchronization

/// Signed-in pages as last rendered, so that a page is rendered once per build of its
/// person's site (a change of their plan, or of the templates) and then answered from memory,
/// with an `ETag` for a client that asks whether it changed. Only pages that depend on nothing
/// else are kept: no query, no one-time notice, no undo offer (the caller decides).
final class RenderedPages: Sendable {
    /// One page as one session sees it: the forms carry the session's token, the header the
    /// profiles this browser holds.
    struct Key: Hashable, Sendable {
        let csrf: String
        let heldProfiles: String
        let path: String
    }

    struct Page: Sendable {
        let generation: UInt64
        let body: Data
        let tag: String
    }

    /// More sessions' pages than this and the oldest guess is wrong often enough: start again.
    private static let limit = 4096
    private let pages = Mutex<[Key: Page]>([:])

    /// The page kept for `key` when it was rendered from the build `generation`.
    func page(_ key: Key, generation: UInt64) -> Page? {
        pages.withLock { $0[key] }.flatMap { $0.generation == generation ? $0 : nil }
    }

    /// Keeps `body` as `key`'s page from build `generation`, and returns it with its tag.
    @discardableResult
    func keep(_ body: Data, for key: Key, generation: UInt64) -> Page {
        let page = Page(generation: generation, body: body, tag: "\"" + Fingerprint.sha256Hex(body) + "\"")
        pages.withLock { pages in
            if pages.count >= Self.limit { pages.removeAll(keepingCapacity: true) }
            pages[key] = page
        }
        return page
    }

    /// The answer for `page`: 304 when the client already holds it.
    static func response(_ page: Page, for request: HTTPRequest) -> HTTPResponse {
        // no-store: a person's day is not left in a shared computer's cache; a script that keeps
        // it itself may still ask with the tag.
        let headers = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"), ("ETag", page.tag)]
        if let asked = request.header("If-None-Match"), StaticFiles.matches(asked, page.tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: request.method == "HEAD" ? Data() : page.body)
    }
}
