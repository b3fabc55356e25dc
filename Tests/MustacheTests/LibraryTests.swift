import Foundation
import Testing

@testable import Mustache

@Suite struct LibraryTests {
    /// A site folder: a layout, partials in a subfolder and a page inheriting the layout.
    static let site = [
        "layouts/base.mustache": """
        <html>
        <head><title>{{$title}}Untitled{{/title}}</title></head>
        <body>
          {{>partials/nav}}
          <main>
            {{$main}}{{/main}}
          </main>
          {{$footer}}
          <footer>{{site}}</footer>
          {{/footer}}
        </body>
        </html>

        """,
        "partials/nav.mustache": """
        <nav>
        {{#links}}
          <a href="{{url}}">{{title}}</a>
        {{/links}}
        </nav>

        """,
        "page.mustache": """
        {{<layouts/base}}
        {{$title}}{{title}} | {{site}}{{/title}}
        {{$main}}
        <h1>{{title}}</h1>
        {{#paragraphs}}
        <p>{{.}}</p>
        {{/paragraphs}}
        {{/main}}
        {{/layouts/base}}

        """,
        "notes.txt": "not a template"
    ]

    static let context: MustacheValue = [
        "site": "Aura",
        "title": "Hello & welcome",
        "paragraphs": ["One", "Two"],
        "links": [["url": "/", "title": "Home"], ["url": "/about/", "title": "About"]]
    ]

    static let expectedPage = """
        <html>
        <head><title>Hello &amp; welcome | Aura</title></head>
        <body>
          <nav>
            <a href="/">Home</a>
            <a href="/about/">About</a>
          </nav>
          <main>
            <h1>Hello &amp; welcome</h1>
            <p>One</p>
            <p>Two</p>
          </main>
          <footer>Aura</footer>
        </body>
        </html>

        """

    @Test func loadsTemplatesRecursivelyByRelativeName() async throws {
        try await withDirectory(Self.site) { directory in
            let library = try TemplateLibrary(directory: directory)
            #expect(library.names == ["layouts/base", "page", "partials/nav"])
        }
    }

    /// What a template can include, through partials and parents at any depth: what a build
    /// must render again when one of them changes.
    @Test func inclusionsFollowPartialsAndParentsAtAnyDepth() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{<layout}}{{$body}}{{>row}}{{/body}}{{/layout}}",
            "layout": "<main>{{$body}}{{/body}}</main>{{>footer}}",
            "row": "{{#items}}{{>cell}}{{/items}}",
            "cell": "{{.}}",
            "footer": "©",
            "unrelated": "{{>cell}}"
        ])
        #expect(library.inclusions(of: "page") == ["cell", "footer", "layout", "page", "row"])
        #expect(library.inclusions(of: "cell") == ["cell"])
        #expect(library.inclusions(of: "unrelated") == ["cell", "unrelated"])
    }

    @Test func rendersPageThroughLayoutAndPartials() async throws {
        try await withDirectory(Self.site) { directory in
            let library = try TemplateLibrary(directory: directory)
            #expect(try library.render("page", Self.context) == Self.expectedPage)
        }
    }

    @Test func honoursFileExtension() async throws {
        try await withDirectory(["a.html": "<b>{{x}}</b>", "b.mustache": "ignored"]) { directory in
            let library = try TemplateLibrary(directory: directory, fileExtension: "html")
            #expect(library.names == ["a"])
            #expect(try library.render("a", ["x": 1]) == "<b>1</b>")
        }
    }

    @Test func parseErrorsNameTheFileRelativeToTheDirectory() async throws {
        try await withDirectory(["partials/card.mustache": "<div>\n  {{#item}}\n</div>\n"]) { directory in
            let error = #expect(throws: MustacheError.self) { try TemplateLibrary(directory: directory) }
            #expect(
                error?.description
                    == "partials/card.mustache:2:3: section 'item' opened here is never closed; expected {{/item}}")
        }
    }

    @Test func missingParentNamesTheFile() async throws {
        let files = [
            "layouts/base.mustache": "{{$main}}{{/main}}", "post.mustache": "\n{{<layouts/bse}}{{/layouts/bse}}"
        ]
        try await withDirectory(files) { directory in
            let error = #expect(throws: MustacheError.self) { try TemplateLibrary(directory: directory) }
            #expect(
                error?.description
                    == "post.mustache:2:1: unknown parent template 'layouts/bse'; expected one of: layouts/base, post")
        }
    }

    @Test func rendersManyPagesConcurrently() async throws {
        try await withDirectory(Self.site) { directory in
            let library = try TemplateLibrary(directory: directory)
            let pages = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<32 {
                    group.addTask { try library.render("page", Self.context) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(pages.count == 32)
            #expect(pages.allSatisfy { $0 == Self.expectedPage })
        }
    }
}

/// Writes `files` (relative path → contents) into a fresh temporary directory for `body`.
private func withDirectory(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mustache-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    for (path, contents) in files {
        let file = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
    }
    try await body(directory)
}
