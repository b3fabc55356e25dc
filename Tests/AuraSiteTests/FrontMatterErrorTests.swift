import AuraTestSupport
import Diagnostics
import SiteEngine
import Testing

@testable import AuraSite

/// Malformed front matter and YAML: every error names the exact file, line and column.
struct FrontMatterErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unclosed front matter",
            text: "---\ntitle: Aura\n\nBody text\n",
            expected: "landing.md:1:1: front matter opened here is never closed; expected a line '---' after it"),
        Case(
            name: "tab used for indentation",
            text: "---\ntitle: Aura\nhero:\n\theadline: Hi\n---\n",
            expected:
                "landing.md:4:1: invalid YAML: found character that cannot start any token while scanning for the next token"
        ),
        Case(
            name: "unterminated quoted string",
            text: "---\ntitle: \"Aura\ndescription: x\n---\n",
            expected: "landing.md:2:8: invalid YAML: found unexpected end of stream while scanning a quoted scalar"),
        Case(
            name: "duplicate key",
            text: "---\ntitle: Aura\ndescription: one\ntitle: Again\n---\n",
            expected: "landing.md:4:1: duplicate key 'title'; it was already set at line 2"),
        Case(
            name: "list where a mapping is expected",
            text: "---\n- title\n- description\n---\n",
            expected: "landing.md:2:1: expected a mapping of 'key: value' lines, found a list"),
        Case(
            name: "unknown alias",
            text: "---\ntitle: *name\n---\n",
            expected: "landing.md:2:8: unknown alias '*name'; expected an anchor '&name' defined earlier"),
        Case(
            name: "mapping value in a plain scalar",
            text: "---\ntitle: Aura: a planner\ndescription: x\n---\n",
            expected: "landing.md:2:12: invalid YAML: mapping values are not allowed in this context"),
        Case(
            name: "bad indentation of a nested key",
            text: "---\nhero:\n  headline: Hi\n lead: Hello\n---\n",
            expected: "landing.md:4:2: invalid YAML: did not find expected key while parsing a block mapping")
    ]

    @Test(arguments: cases)
    func reportsPosition(_ testCase: Case) {
        #expect(throws: SourceError.self) {
            _ = try FrontMatterDocument(text: testCase.text, file: "landing.md")
        }
        do {
            _ = try FrontMatterDocument(text: testCase.text, file: "landing.md")
        } catch {
            #expect(error.description == testCase.expected)
        }
    }

    @Test func unknownLandingKeySuggestsTheNearest() {
        let text = "---\ntitle: A\ndescripton: B\nhero: {headline: H, lead: L}\nsections: []\n---\n"
        #expect(
            throws: SourceError(
                file: "landing.md", line: 3, column: 1,
                message: "unknown key 'descripton'; did you mean 'description'?")
        ) {
            _ = try LandingContent.parse(text, file: "landing.md", root: "/")
        }
    }

    @Test func missingRequiredKeyPointsAtTheMapping() {
        let text = "---\ntitle: A\ndescription: B\nhero:\n  lead: L\nsections: []\n---\n"
        #expect(
            throws: SourceError(
                file: "landing.md", line: 5, column: 3,
                message: "missing required key 'headline'")
        ) {
            _ = try LandingContent.parse(text, file: "landing.md", root: "/")
        }
    }

    @Test func realYAMLFeaturesParse() throws {
        let text = """
            ---
            title: 'It''s quoted'
            description: >
              Folded lines
              become one.
            hero:
              headline: "Line\\none"
              lead: |
                Literal
                block
            sections:
              - {id: a, title: A, text: "*hi*"}
            ---
            Closing **words**.
            """
        let landing = try LandingContent.parse(text, file: "landing.md", root: "/aura/")
        #expect(landing.title == "It's quoted")
        #expect(landing.description == "Folded lines become one.\n")
        #expect(landing.hero.headline == "Line\none")
        #expect(landing.hero.lead == "Literal\nblock\n")
        #expect(landing.sections.first?.html == "<p><em>hi</em></p>\n")
        #expect(landing.closingHTML == "<p>Closing <strong>words</strong>.</p>\n")
    }

    @Test func bodyStartsAfterTheClosingFence() throws {
        let document = try FrontMatterDocument(text: "---\na: 1\n---\nBody\n", file: "x.md")
        #expect(document.body == "Body\n")
        #expect(document.bodyLine == 4)
    }
}
