import AuraTestSupport
import Diagnostics
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// Input written to break the build — deep nesting, huge values, unsafe links — is refused
/// with an error naming its position, or rendered harmless.
struct HostileInputTests {
    @Test func yamlNestedTwelveThousandLevelsDeepIsAnError() {
        let text = "title: " + String(repeating: "[", count: 12_000) + String(repeating: "]", count: 12_000) + "\n"
        let error = #expect(throws: SourceError.self) { try YAMLParser(file: "site.yml").parse(text) }
        #expect(
            error?.description
                == "site.yml:1:71: lists and mappings nested more than 64 levels deep; expected at most 64")
    }

    static func siteError(_ text: String) -> String? {
        do {
            _ = try SiteConfiguration.parse(text, file: "site.yml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aHundredKilobyteBaseURLIsRefused() {
        let base = "https://aura.example/" + String(repeating: "a", count: 100_000) + "/"
        #expect(
            Self.siteError("title: A\nbase_url: \(base)\n")
                == "site.yml:2:11: base_url is 100022 characters long; expected at most 2000")
    }

    @Test(arguments: [
        (
            "https://aura.example/\\\"x",
            "site.yml:2:11: base_url has the character '\"' at character 22; expected an address without spaces, quotes, angle brackets, backslashes or control characters (percent-encode them)"
        ),
        (
            "javascript:alert(1)//",
            "site.yml:2:11: base_url expects an absolute address such as https://aura.example/ (http or https)"
        ),
        (
            "https://user@aura.example/",
            "site.yml:2:11: base_url has a user, query or fragment; expected only scheme, host, port and path, such as https://aura.example/aura/"
        ),
        (
            "https://aura.example/?q=1",
            "site.yml:2:11: base_url has a user, query or fragment; expected only scheme, host, port and path, such as https://aura.example/aura/"
        )
    ])
    func unsafeBaseURLsAreErrors(base: String, expected: String) {
        #expect(Self.siteError("title: A\nbase_url: \"\(base)\"\n") == expected)
    }

    @Test func aBaseURLPathKeepsItsPercentEscapes() throws {
        let configuration = try SiteConfiguration.parse(
            "title: A\nbase_url: https://aura.example/caf%C3%A9/\n", file: "site.yml")
        #expect(BaseURL.root(of: configuration.baseURL) == "/caf%C3%A9/")
    }

    static func landing(url: String) -> String {
        "---\ntitle: T\ndescription: D\nhero:\n  headline: H\n  lead: L\n  action: { label: Go, url: \(url) }\nsections: []\n---\nBody\n"
    }

    static func landingError(url: String) -> String? {
        do {
            _ = try LandingContent.parse(landing(url: url), file: "landing.md", root: "/")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (
            "\"javascript:alert(1)\"",
            "landing.md:7:29: 'javascript:alert(1)' is not a safe link; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"JaVaScRiPt:alert(1)\"",
            "landing.md:7:29: 'JaVaScRiPt:alert(1)' is not a safe link; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"   javascript:alert(1)\"",
            "landing.md:7:29: '   javascript:alert(1)' has a space; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"java\\tscript:alert(1)\"",
            "landing.md:7:29: 'java\tscript:alert(1)' has a control character (U+9); expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"data:text/html,<b>x</b>\"",
            "landing.md:7:29: 'data:text/html,<b>x</b>' is not a safe link; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"/\\\\evil.example\"",
            "landing.md:7:29: '/\\evil.example' has a backslash; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        ),
        (
            "\"//evil.example/\"",
            "landing.md:7:29: '//evil.example/' is not a web address; expected an http://, https:// or mailto: address, or a path on this site such as /design/"
        )
    ])
    func landingLinksRefuseEveryUnsafeScheme(url: String, expected: String) {
        #expect(Self.landingError(url: url) == expected)
    }

    @Test func landingLinksAcceptWebMailAndSitePaths() throws {
        for url in [
            "https://aura.example/x", "HTTP://aura.example", "mailto:hello@aura.example", "/design/", "#today",
            "culture/"
        ] {
            #expect(Self.landingError(url: "\"\(url)\"") == nil, "\(url)")
        }
    }

    @Test func aTaskTitleWithMarkdownStaysTextInAReflection() throws {
        let reflection = try Reflection.parse("---\ntime: morning\n---\nStart with {{topTask}}.\n", file: "r.md")
        let title =
            "email [the landlord](https://evil.example) ![x](https://evil.example/p.png) <b>now</b> *x@evil.example* www.evil.example"
        let facts = ReflectionFacts(
            weekday: "Wednesday", dateText: "2 December", blocks: [], deepBlocks: [], topTasks: [title],
            confident: true, deepMinutes: 0, taskCount: 1, loadMinutes: 0, capacityMinutes: 480,
            later: [], finished: [], finishedKnown: false)
        #expect(
            try reflection.render(facts)
                == "<p>Start with email [the landlord](https://evil.example) ![x](https://evil.example/p.png) "
                + "&lt;b&gt;now&lt;/b&gt; *x@evil.example* www.evil.example.</p>\n")
    }

    @Test func frontMatterWithCRLFLineEndsAndAByteOrderMarkReadsAsWritten() throws {
        for text in [
            "---\r\ntitle: A\r\ntime: morning\r\n---\r\nBody line\r\n",
            "\u{FEFF}---\ntitle: A\ntime: morning\n---\nBody line\n"
        ] {
            let document = try FrontMatterDocument(text: text, file: "r.md")
            #expect(try document.fields.string("title") == "A")
            #expect(try document.fields.string("time") == "morning")
            #expect(document.body == "Body line\n")
            #expect(document.bodyLine == 5)
        }
    }

    @Test func aCultureEntryWrittenOnWindowsLoads() throws {
        let folder = try temporaryFolder().appendingPathComponent("culture")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let entry = try String(
            contentsOf: Project.content.appendingPathComponent("culture/a-dolls-house.md"), encoding: .utf8)
        try Data(("\u{FEFF}" + entry.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(
            to: folder.appendingPathComponent("a-dolls-house.md"))
        let library = try CultureLibrary.load(contentDirectory: folder.deletingLastPathComponent(), in: .disk)
        #expect(library.entries.map(\.title) == ["A Doll's House"])
    }

    @Test func controlCharactersAreErrorsAtTheirPositionInContentFiles() throws {
        let file = try temporaryFolder().appendingPathComponent("site.yml")
        try Data("title: A\nbase_url: https://aura.example/\ndescription: calm\u{1B}[31m red\n".utf8).write(to: file)
        let error = #expect(throws: SourceError.self) { try ContentFile.read(file) }
        #expect(
            error?.message
                == "control character U+001B (ESC) is not allowed; expected text with no control characters but tabs and line breaks"
        )
        #expect(error.map { [$0.line, $0.column] } == [3, 18])
    }

    @Test func anEscapedControlCharacterInYAMLIsAnErrorAtItsValue() {
        #expect(
            Self.siteError("title: \"A\\0B\"\nbase_url: https://aura.example/\n")
                == "site.yml:1:8: control character U+0000 (NUL) is not allowed; expected text with no control characters but tabs and line breaks"
        )
    }
}
