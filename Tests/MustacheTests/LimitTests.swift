import Testing

@testable import Mustache

/// Templates written to exhaust the engine are refused where they start, quickly.
struct LimitTests {
    @Test func tenThousandNestedSectionsAreAnErrorAtTheHundredAndFirst() {
        let source = String(repeating: "{{#a}}", count: 10_000) + String(repeating: "{{/a}}", count: 10_000)
        let error = #expect(throws: MustacheError.self) { try Template(source: source, name: "deep.mustache") }
        #expect(
            error?.description
                == "deep.mustache:1:601: section 'a' is nested more than 100 levels deep; expected at most 100")
    }

    @Test func aHundredLevelsStillRender() throws {
        let source = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(try TemplateLibrary(templates: ["t": source]).render("t", ["a": true]) == "x")
    }

    /// Columns along one long line are counted once, and still count characters.
    @Test func columnsOnALongLineStayExact() {
        let source = String(repeating: "é{{a}}", count: 5_000) + "{{/b}}"
        let error = #expect(throws: MustacheError.self) { try Template(source: source, name: "long.mustache") }
        #expect(error?.description == "long.mustache:1:30001: closing tag {{/b}} has no open section to close")
    }

    /// Names never found in any render are reported; a name found once, a nil optional (kept as
    /// null) and a name resolved from an outer frame are not.
    @Test func namesNeverFoundAcrossRendersAreReported() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{title}}\n{{#items}}{{name}}{{/items}}\n{{page.titel}} {{#missing}}x{{/missing}} {{note}}"
        ])
        var lookups = NameLookups()
        _ = try library.render(
            "page", ["title": "A", "items": [["name": "one"]], "page": [:], "note": .null], recordingLookupsIn: &lookups
        )
        _ = try library.render(
            "page", ["title": "B", "items": [], "page": [:], "name": "outer"], recordingLookupsIn: &lookups)
        #expect(
            lookups.neverFound.map(\.description) == [
                "page:3:1: 'page.titel' is not in the view model of any page rendered with this template; expected a name the view model has",
                "page:3:16: 'missing' is not in the view model of any page rendered with this template; expected a name the view model has"
            ])
    }
}
