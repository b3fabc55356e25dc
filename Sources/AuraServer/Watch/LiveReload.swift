import AuraHTTP
import Foundation
import Mustache
import SiteEngine

/// `aura serve --watch`: the small client script and its stylesheet under `/_aura/`, the tag
/// that loads them (added to every HTML answer only in this mode, so the site's pages and the
/// `'self'`-only Content-Security-Policy stay as they are), and the banner a broken build shows.
/// Its markup is `Templates/serve/`, read once at start so that a broken edit of the theme
/// cannot break the banner that reports it.
final class LiveReload: Sendable {
    let events = ReloadEvents()
    private let tag: Data
    private let script: Data
    private let stylesheet: Data
    private let templates: TemplateLibrary

    init(templatesDirectory: URL, root: String) throws {
        let folder = templatesDirectory.appendingPathComponent("serve")
        templates = try TemplateLibrary(directory: folder)
        tag = Data(try templates.render("live-reload", ["root": .string(root)]).utf8)
        script = try Data(contentsOf: folder.appendingPathComponent("live-reload.js"))
        stylesheet = try Data(contentsOf: folder.appendingPathComponent("live-reload.css"))
    }

    /// The answer for a path under the site's root, when it is one of `/_aura/`'s.
    func response(to method: String, path: String) -> HTTPResponse? {
        guard method == "GET" || method == "HEAD" else { return nil }
        switch path {
        case "/_aura/reload": return events.subscribe()
        case "/_aura/live-reload.js":
            return Self.file(script, type: "text/javascript; charset=utf-8", head: method == "HEAD")
        case "/_aura/live-reload.css":
            return Self.file(stylesheet, type: "text/css; charset=utf-8", head: method == "HEAD")
        default: return nil
        }
    }

    private static func file(_ data: Data, type: String, head: Bool) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")], body: head ? Data() : data)
    }

    /// Loads the client script in an HTML answer: its tag goes just before `</head>`.
    func addScript(to response: inout HTTPResponse) {
        guard response.stream == nil,
            response.headers.contains(where: { $0.name == "Content-Type" && $0.value.hasPrefix("text/html") }),
            let end = response.body.range(of: Data("</head>".utf8))
        else { return }
        response.body.insert(contentsOf: tag, at: end.lowerBound)
    }

    /// A build after an edit finished: open pages reload, or show what broke it.
    func built(_ outcome: Result<Void, any Error>) {
        switch outcome {
        case .success:
            events.reloaded()
        case .failure(let error):
            let problems = (error as? BuildError)?.problems ?? [String(describing: error)]
            // The template escapes each problem; it was parsed at start, so it renders.
            let banner =
                (try? templates.render("build-problems", ["problems": .array(problems.map { .string($0) })])) ?? ""
            events.failed(problems: problems, banner: banner)
        }
    }
}
