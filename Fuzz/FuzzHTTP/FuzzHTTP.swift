import AuraHTTP
import AuraServer
import AuraSite
import CFuzzDriver
import Dispatch
import Foundation

/// libFuzzer entry: the input is one request as the transport hands it over — a method line, a
/// path line (with its query), header lines up to a blank line, then the body — answered by the
/// whole app over a copy of the default site, signed out or (when the first byte is odd) with a
/// signed-in person's session cookie and form token. Every answer must carry a status and the
/// security headers; nothing may crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: bytes, count: count))
    guard let request = FuzzedRequest(input, session: Served.shared.session) else { return 0 }
    let response = Served.shared.app.respond(to: request.request)
    precondition((100..<600).contains(response.status), "status \(response.status)")
    precondition(response.headers.contains { $0.name == "Content-Security-Policy" }, "no security headers")
    return 0
}

@_cdecl("FuzzHTTP_main")
public func fuzzHTTPMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}

/// Where the copy of the site is, removed when the fuzzer exits.
nonisolated(unsafe) private var fuzzFolder: String?

/// The app every input is answered by, started once over a copy of the repository's site.
final class Served: Sendable {
    static let shared = Served()

    let app: AuraApp
    /// The signed-in person's cookie and form token.
    let session: (cookie: String, csrf: String)

    private init() {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aura-fuzz-http-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        fuzzFolder = folder.path
        atexit { _ = fuzzFolder.map { try? FileManager.default.removeItem(atPath: $0) } }
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let content = folder.appendingPathComponent("Content")
        try! FileManager.default.copyItem(at: repository.appendingPathComponent("Content"), to: content)
        // The copy's docs link is relative, so it would lead nowhere (an error): it leads to the project's.
        let docs = content.appendingPathComponent("docs")
        try! FileManager.default.removeItem(at: docs)
        try! FileManager.default.createSymbolicLink(
            at: docs, withDestinationURL: repository.appendingPathComponent("docs"))
        let state = ServerState(folder.appendingPathComponent("state"))
        let accounts = try! Accounts(path: state.accountsDatabase)
        try! accounts.setPassword(name: "sam", password: "a long enough password", replacing: false, now: Date())
        let options = BuildOptions(
            contentDirectory: content, templatesDirectory: repository.appendingPathComponent("Templates"),
            outputDirectory: state.site)
        let configuration = AuraApp.Configuration(build: options, state: state)
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var app: AuraApp?
        Task.detached {
            app = try! await AuraApp.start(configuration: configuration, accounts: accounts)
            started.signal()
        }
        started.wait()
        self.app = app!
        // Signed in through the form, as a browser would.
        let form = self.app.respond(to: HTTPRequest(method: "GET", rawPath: "/login/"))
        let formCookie = form.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("aura_sign_in=") }!.value
        let formToken = Self.cookieValue(formCookie)
        let csrf = Self.hidden("csrf", in: String(decoding: form.body, as: UTF8.self))!
        let signedIn = self.app.respond(
            to: HTTPRequest(
                method: "POST", rawPath: "/login/", headers: ["content-type": "application/x-www-form-urlencoded"],
                cookies: ["aura_sign_in": formToken],
                form: [("csrf", csrf), ("name", "sam"), ("password", "a long enough password")]))
        let cookie = Self.cookieValue(
            signedIn.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("aura_session=") }!.value)
        let planner = self.app.respond(
            to: HTTPRequest(method: "GET", rawPath: "/planner/", cookies: ["aura_session": cookie]))
        session = (cookie, Self.hidden("csrf", in: String(decoding: planner.body, as: UTF8.self)) ?? "")
    }

    private static func cookieValue(_ header: String) -> String {
        String(header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1])
    }

    private static func hidden(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }
}

/// A request read from fuzz bytes, its target, fields and body read as the transport reads them
/// (`HTTPRequest(method:target:fields:body:clientAddress:)`: query, cookies, url-encoded and
/// multipart forms).
struct FuzzedRequest {
    let request: HTTPRequest

    init?(_ input: [UInt8], session: (cookie: String, csrf: String)) {
        guard let first = input.first else { return nil }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        var lines = text.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return nil }
        let method = lines.removeFirst()
        let target = lines.removeFirst()
        // Actions that would end the session the other inputs use are left out.
        guard !target.contains("logout"), !target.contains("account/") else { return nil }
        var fields: [String: String] = [:]
        while let line = lines.first, !line.isEmpty {
            lines.removeFirst()
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased()
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + (name == "cookie" ? "; " : ", ") + value } ?? value
        }
        var body = Data(lines.dropFirst().joined(separator: "\n").utf8)
        if first & 1 == 1 {
            fields["cookie"] = ["aura_session=\(session.cookie)", fields["cookie"]].compactMap { $0 }.joined(
                separator: "; ")
            if first & 2 == 2 { body += Data("&csrf=\(session.csrf)".utf8) }
        }
        request = HTTPRequest(
            method: method, target: target, fields: fields, body: body,
            clientAddress: first & 8 == 8 ? "::1" : "127.0.0.1")
    }
}
