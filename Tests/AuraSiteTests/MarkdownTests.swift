import AuraTestSupport
import Foundation
import Testing
@testable import AuraSite

/// Aura's Markdown must render exactly as the reference `cmark-gfm` program does with the
/// same extensions and options. Debian's program has no footnotes switch, so footnotes are
/// checked against the markup GitHub's footnote extension specifies.
struct MarkdownTests {
    static let samples: [String] = [
        "| Block | Time |\n| :-- | --: |\n| 🧠 Deep work | 09:00–11:00 |\n| 📋 Admin | 11:15 |\n",
        "- [x] Plan the day\n- [ ] Review the week\n",
        "~~Struck~~ and www.example.org and https://aura.example/x.\n",
        "\"Quotes\" -- dashes --- and ellipses...\n",
        "```swift\nlet x = 1\n```\n",
        "<script>alert(1)</script>\n\nRaw <b>html</b> is omitted.\n",
    ]

    @Test(arguments: samples)
    func matchesReferenceImplementation(_ source: String) throws {
        #expect(Markdown.html(source) == (try Self.reference(source)))
    }

    @Test func rendersGFMStructures() {
        #expect(Markdown.html(Self.samples[0]).contains("<td align=\"right\">09:00–11:00</td>"))
        #expect(Markdown.html(Self.samples[1]).contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> Plan the day"))
        #expect(Markdown.html(Self.samples[2]).contains("<del>Struck</del>"))
        #expect(!Markdown.html(Self.samples[5]).contains("<script>"))
    }

    @Test func rendersFootnotesAsGitHubDoes() {
        let html = Markdown.html("A claim.[^note]\n\n[^note]: Its source.\n")
        #expect(html.contains("<p>A claim.<sup class=\"footnote-ref\"><a href=\"#fn-note\" id=\"fnref-note\" data-footnote-ref>1</a></sup></p>"))
        #expect(html.contains("<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-note\">\n<p>Its source."))
        #expect(html.contains("href=\"#fnref-note\" class=\"footnote-backref\""))
    }

    /// Runs the `cmark-gfm` program with the options `Markdown` uses.
    static func reference(_ source: String) throws -> String {
        try runProgram("cmark-gfm", ["--smart", "--github-pre-lang", "-e", "table", "-e", "strikethrough",
                                     "-e", "autolink", "-e", "tasklist"], input: source).output
    }
}
