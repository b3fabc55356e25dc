import Mustache
import Testing

/// Templates written to exhaust the engine are refused where they start, quickly.
struct LimitTests {
    @Test func tenThousandNestedSectionsAreAnErrorAtTheHundredAndFirst() {
        let source = String(repeating: "{{#a}}", count: 10_000) + String(repeating: "{{/a}}", count: 10_000)
        let error = #expect(throws: MustacheError.self) { try Template(source: source, name: "deep.mustache") }
        #expect(error?.description == "deep.mustache:1:601: section 'a' is nested more than 100 levels deep; expected at most 100")
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
}
