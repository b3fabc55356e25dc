import AuraTestSupport
import Foundation
import SiteEngine
import Synchronization
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
        "<script>alert(1)</script>\n\nRaw <b>html</b> is omitted.\n"
    ]

    @Test(arguments: samples)
    func matchesReferenceImplementation(_ source: String) throws {
        #expect(Markdown.html(source) == (try Self.reference(source)))
    }

    @Test func rendersGFMStructures() {
        #expect(Markdown.html(Self.samples[0]).contains("<td align=\"right\">09:00–11:00</td>"))
        #expect(
            Markdown.html(Self.samples[1]).contains(
                "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> Plan the day"))
        #expect(Markdown.html(Self.samples[2]).contains("<del>Struck</del>"))
        #expect(!Markdown.html(Self.samples[5]).contains("<script>"))
    }

    @Test func rendersFootnotesAsGitHubDoes() {
        let html = Markdown.html("A claim.[^note]\n\n[^note]: Its source.\n")
        #expect(
            html.contains(
                "<p>A claim.<sup class=\"footnote-ref\"><a href=\"#fn-note\" id=\"fnref-note\" data-footnote-ref>1</a></sup></p>"
            ))
        #expect(
            html.contains("<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-note\">\n<p>Its source."))
        #expect(html.contains("href=\"#fnref-note\" class=\"footnote-backref\""))
    }

    /// Without the autolink extension, a bare address or e-mail stays text, as the reference
    /// program keeps it.
    @Test(arguments: samples + ["Write to a@b.org, see www.example.org: https://aura.example/x or w:w@w.\n"])
    func withoutAutolinksMatchesTheReference(_ source: String) throws {
        #expect(Markdown.html(source, autolinks: false) == (try Self.reference(source, autolinks: false)))
    }

    /// Parses running at once on every core render what one parse alone does: the global table
    /// of special characters that cmark-gfm's parses fill and clear is never two parses' at once.
    @Test func parsesAtOnceRenderAsAlone() {
        let cases = Self.samples.flatMap { [($0, true), ($0, false)] }
        let alone = cases.map { Markdown.html($0.0, autolinks: $0.1) }
        let differing = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8 * ProcessInfo.processInfo.activeProcessorCount) { worker in
            for round in 0..<300 {
                let index = (worker + round) % cases.count
                if Markdown.html(cases[index].0, autolinks: cases[index].1) != alone[index] {
                    differing.withLock { $0 += 1 }
                }
            }
        }
        #expect(differing.withLock { $0 } == 0)
    }

    /// Runs the `cmark-gfm` program with the options `Markdown` uses.
    static func reference(_ source: String, autolinks: Bool = true) throws -> String {
        try runProgram(
            "cmark-gfm",
            ["--smart", "-e", "table", "-e", "strikethrough"]
                + (autolinks ? ["-e", "autolink"] : []) + ["-e", "tasklist"], input: source
        ).output
    }
}
