import Testing

@testable import Mustache

/// A template that must not parse, with the exact error it must produce.
struct MalformedTemplate: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let name: String
    let source: String
    let error: String
}

@Suite struct ErrorTests {
    static let malformed: [MalformedTemplate] = [
        MalformedTemplate(
            testDescription: "unclosed section",
            name: "layouts/base.mustache",
            source: "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n",
            error: "layouts/base.mustache:2:3: section 'items' opened here is never closed; expected {{/items}}"),
        MalformedTemplate(
            testDescription: "mismatched closing tag",
            name: "page.mustache",
            source: "<p>\n{{#a}}\n  {{/b}}\n",
            error: "page.mustache:3:3: closing tag {{/b}} does not match the open section 'a' (opened at 2:1)"),
        MalformedTemplate(
            testDescription: "unclosed tag",
            name: "page.mustache",
            source: "<h1>\nHello, {{name!</h1>\n{{other}}",
            error: "page.mustache:2:8: tag is never closed; expected '}}' on the same line"),
        MalformedTemplate(
            testDescription: "unclosed triple mustache",
            name: "page.mustache",
            source: "{{{html}}",
            error: "page.mustache:1:1: tag is never closed; expected '}}}' on the same line"),
        MalformedTemplate(
            testDescription: "unclosed comment",
            name: "page.mustache",
            source: "a {{! note\nstill a note",
            error: "page.mustache:1:3: comment is never closed; expected '}}'"),
        MalformedTemplate(
            testDescription: "delimiter change without two delimiters",
            name: "page.mustache",
            source: "a\n  {{=<%%>=}}\n",
            error:
                "page.mustache:2:3: invalid delimiter change '<%%>'; expected two delimiters separated by a space, e.g. {{=<% %>=}}"
        ),
        MalformedTemplate(
            testDescription: "closing tag without open section",
            name: "page.mustache",
            source: "text {{/a}}",
            error: "page.mustache:1:6: closing tag {{/a}} has no open section to close"),
        MalformedTemplate(
            testDescription: "unclosed inverted section under custom delimiters",
            name: "page.mustache",
            source: "{{=<% %>=}}\n<%^empty%>\nnothing",
            error: "page.mustache:2:1: inverted section 'empty' opened here is never closed; expected <%/empty%>"),
        MalformedTemplate(
            testDescription: "unclosed parent",
            name: "page.mustache",
            source: "{{<layouts/base}}\n{{$main}}x{{/main}}\n",
            error: "page.mustache:1:1: parent 'layouts/base' opened here is never closed; expected {{/layouts/base}}"),
        MalformedTemplate(
            testDescription: "block closed by the parent's tag",
            name: "page.mustache",
            source: "{{<base}}\n{{$main}}\n{{/base}}\n",
            error: "page.mustache:3:1: closing tag {{/base}} does not match the open block 'main' (opened at 2:1)"),
        MalformedTemplate(
            testDescription: "empty section name",
            name: "page.mustache",
            source: "x {{#}}",
            error: "page.mustache:1:3: empty tag; expected a name after '{{#'"),
        MalformedTemplate(
            testDescription: "name with whitespace",
            name: "page.mustache",
            source: "{{# each items}}",
            error: "page.mustache:1:1: tag name 'each items' contains whitespace; expected a single name"),
        MalformedTemplate(
            testDescription: "empty dotted key",
            name: "page.mustache",
            source: "{{page..title}}",
            error: "page.mustache:1:1: invalid name 'page..title'; expected '.' or keys separated by single dots"),
        MalformedTemplate(
            testDescription: "column counts characters, not bytes",
            name: "page.mustache",
            source: "héllo wörld {{#x}}",
            error: "page.mustache:1:13: section 'x' opened here is never closed; expected {{/x}}"),
        MalformedTemplate(
            testDescription: "lines counted across multi-line comments",
            name: "page.mustache",
            source: "{{!\n comment\n}}\n  {{/x}}",
            error: "page.mustache:4:3: closing tag {{/x}} has no open section to close")
    ]

    @Test(arguments: malformed)
    func parseErrorNamesFileLineAndColumn(_ template: MalformedTemplate) {
        let error = #expect(throws: MustacheError.self) {
            try Template(source: template.source, name: template.name)
        }
        #expect(error?.description == template.error)
    }

    @Test func errorExposesItsParts() throws {
        let error = try #require(throws: MustacheError.self) {
            try Template(source: "\n\n    {{#items}}", name: "list.mustache")
        }
        #expect(error.file == "list.mustache")
        #expect(error.line == 3)
        #expect(error.column == 5)
        #expect(error.message == "section 'items' opened here is never closed; expected {{/items}}")
    }

    @Test func libraryReportsParseErrorsByTemplateName() {
        let error = #expect(throws: MustacheError.self) {
            try TemplateLibrary(templates: ["good": "fine", "bad": "ok\n{{#open}}"])
        }
        #expect(error?.description == "bad:2:1: section 'open' opened here is never closed; expected {{/open}}")
    }

    @Test func unknownParentIsAnError() {
        let error = #expect(throws: MustacheError.self) {
            try TemplateLibrary(templates: ["page": "<body>\n  {{<layout}}{{/layout}}", "base": ""])
        }
        #expect(error?.description == "page:2:3: unknown parent template 'layout'; expected one of: base, page")
    }

    @Test func unknownPartialRendersNothingWhenAllowed() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>missing}}]"], allowMissingPartials: true)
        #expect(try library.render("page", [:]) == "[]")
    }

    @Test func unknownPartialIsAnErrorAtItsTagWhenTheLibraryIsBuilt() {
        let error = #expect(throws: MustacheError.self) {
            try TemplateLibrary(templates: [
                "pages/home": "<main>\n</main>\n  {{> partials/foter}}", "partials/footer": "",
                "partials/header": "", "layouts/base": ""
            ])
        }
        #expect(
            error?.description
                == "pages/home:3:3: unknown partial 'partials/foter'; expected one of: partials/footer, partials/header"
        )
    }

    @Test func renderingAnUnknownTemplateIsAnError() throws {
        let library = try TemplateLibrary(templates: ["page": ""])
        let error = #expect(throws: MustacheError.self) { try library.render("missing", [:]) }
        #expect(error?.description == "missing: no template named 'missing' in the library")
    }

    @Test func unboundedRecursionIsAnError() throws {
        let library = try TemplateLibrary(templates: ["loop": "x\n {{>loop}}"])
        let error = #expect(throws: MustacheError.self) { try library.render("loop", [:]) }
        #expect(
            error?.description
                == "loop:2:2: 'loop' is included more than 100 levels deep; does it include itself unconditionally?")
    }
}
