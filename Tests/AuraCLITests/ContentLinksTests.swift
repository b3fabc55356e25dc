import AuraTestSupport
import Foundation
import Testing

/// A content folder copied without what its links lead to fails loudly, and the docs index
/// leads to every document.
struct ContentLinksTests {
    /// `cp -r Content` elsewhere keeps `docs -> ../docs`, which then leads nowhere: check and
    /// build name the link and what it names, instead of a site without its docs section.
    @Test func aLinkThatLeadsNowhereIsAProblemWithItsPath() async throws {
        let content = try temporaryFolder().appendingPathComponent("Content")
        try FileManager.default.copyItem(at: Project.content, to: content)
        try FileManager.default.createSymbolicLink(
            atPath: content.appendingPathComponent("culture/gone.md").path, withDestinationPath: "../../nowhere.md")
        let expected = [
            "error: \(content.path)/culture/gone.md: a link to '../../nowhere.md', which does not exist",
            "error: \(content.path)/docs: a link to '../docs', which does not exist"
        ]
        let check = await aura(["check", "--content", content.path, "--templates", Project.templates.path])
        #expect(check.status == 1)
        let lines = check.err.split(separator: "\n").map(String.init)
        for (line, start) in zip(lines, expected) { #expect(line.hasPrefix(start), "\(line)") }
        #expect(lines.last == "2 problems found.", "\(check.err)")

        let output = content.deletingLastPathComponent().appendingPathComponent("Public")
        let build = await aura([
            "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path
        ])
        #expect(build.status == 1 && build.err.contains("docs: a link to '../docs', which does not exist"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    /// Every document under `docs/` is reachable from its index, directly.
    @Test func theDocsIndexLinksEveryDocument() throws {
        let docs = Project.root.appendingPathComponent("docs")
        let index = try String(contentsOf: docs.appendingPathComponent("README.md"), encoding: .utf8)
        let documents = try FileManager.default.subpathsOfDirectory(atPath: docs.path).filter {
            $0.hasSuffix(".md") && $0 != "README.md"
        }
        #expect(!documents.isEmpty)
        for document in documents.sorted() {
            #expect(index.contains("(\(document))"), "docs/README.md does not link \(document)")
        }
    }
}
