import AuraTestSupport
import Foundation
import Testing

/// Builds the default site end to end and checks it as a visitor's browser and the outside
/// checkers would.
@Suite(.serialized) struct SiteBuildTests {
    @Test func defaultSiteHasEveryPageAndFile() async throws {
        let output = try await buildDefaultSite()
        let files = try snapshot(output)
        for path in [
            "index.html", "design/index.html", "404.html", "sitemap.xml", "robots.txt",
            "manifest.webmanifest", "assets/icons/aura.svg", "README.md"
        ] {
            #expect(files[path] != nil, "missing \(path)")
        }
        let stylesheets = files.keys.filter {
            $0.range(of: #"^assets/aura\.common\.[0-9a-f]{10}\.css$"#, options: .regularExpression) != nil
        }
        #expect(stylesheets.count == 1)
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains("/\(try #require(stylesheets.first))"))
        let landingCopy = try String(contentsOf: Project.content.appendingPathComponent("landing.md"), encoding: .utf8)
        let headline = try #require(landingCopy.split(separator: "\n").first { $0.contains("headline:") })
            .split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))
        #expect(index.contains(headline), "landing headline from landing.md not on the page")
        let design = String(decoding: try #require(files["design/index.html"]), as: UTF8.self)
        for hex in ["#F5F5F7", "#FFFFFF", "#1C1C1E", "#D1D1D6", "#FF3B30", "#8E8E93"] {
            #expect(design.contains(hex), "design page lacks \(hex)")
        }
        #expect(design.contains("2.99:1") && design.contains("3.26:1"), "design page lacks measured contrast")
        let sitemap = String(decoding: try #require(files["sitemap.xml"]), as: UTF8.self)
        #expect(sitemap.contains("<loc>https://aura.example/design/</loc>"))
        #expect(!sitemap.contains("404"))
        let manifest =
            try JSONSerialization.jsonObject(with: try #require(files["manifest.webmanifest"])) as? [String: Any]
        #expect(manifest?["display"] as? String == "standalone")
        #expect(manifest?["background_color"] as? String == "#F5F5F7")
    }

    @Test func buildingTwiceGivesIdenticalBytes() async throws {
        let first = try snapshot(try await buildDefaultSite())
        let second = try snapshot(try await buildDefaultSite())
        #expect(first.keys.sorted() == second.keys.sorted())
        // The build record (the inputs' and files' stamps: inodes, times) is not in the site.
        for (path, data) in first {
            #expect(second[path] == data, "\(path) differs between builds")
        }
    }

    @Test func unchangedFilesAreLinkedNotRewritten() async throws {
        let output = try await buildDefaultSite()
        let before = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("index.html").path)
        let result = await aura([
            "build", "--content", Project.content.path, "--templates", Project.templates.path,
            "--output", output.path, "--quiet"
        ])
        #expect(result.status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("index.html").path)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func brokenContentExitsOneAndLeavesTheSiteUntouched() async throws {
        let output = try await buildDefaultSite()
        let before = try snapshot(output)
        let content = try temporaryFolder().appendingPathComponent("Content")
        try Project.copyContent(to: content)
        let landing = content.appendingPathComponent("landing.md")
        let text = try String(contentsOf: landing, encoding: .utf8)
        try text.replacingOccurrences(of: "\nhero:", with: "\nhero: [unclosed\n", options: [], range: nil)
            .write(to: landing, atomically: true, encoding: .utf8)
        let result = await aura([
            "build", "--content", content.path, "--templates", Project.templates.path, "--output", output.path
        ])
        #expect(result.status == 1)
        #expect(
            result.err.range(of: #"landing\.md:\d+:\d+: invalid YAML"#, options: .regularExpression) != nil,
            "\(result.err)")
        #expect(try snapshot(output) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        #expect(siblings.sorted() == [".aura", "Public"], "staging folder left behind: \(siblings)")
    }

    @Test func refusesToReplaceAFolderItDidNotBuild() async throws {
        let folder = try temporaryFolder()
        try Data("precious".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = await aura([
            "build", "--content", Project.content.path, "--templates", Project.templates.path,
            "--output", folder.path
        ])
        #expect(result.status == 1)
        #expect(result.err.contains("refusing to replace"))
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "precious")
    }

    /// `--timings` lists every step with its time and memory; a rebuild with nothing to do says
    /// that no step ran.
    @Test func timingsListEveryStep() async throws {
        let output = try temporaryFolder().appendingPathComponent("Public")
        let arguments = [
            "build", "--content", Project.content.path, "--templates", Project.templates.path,
            "--output", output.path, "--quiet", "--timings"
        ]
        let first = await aura(arguments)
        #expect(first.status == 0)
        let lines = first.out.split(separator: "\n")
        #expect(lines.count == 13, "\(first.out)")
        #expect(lines.allSatisfy { $0.range(of: #"^ +\d+ ms +\d+ MB  [A-Z]"#, options: .regularExpression) != nil })
        #expect(lines.last?.hasSuffix("Publish output folder") == true)
        let again = await aura(arguments)
        #expect(again.out.contains("no step ran"))
    }

    @Test func progressIsShownOnlyOnAnInteractiveTerminal() async throws {
        let output = try temporaryFolder().appendingPathComponent("Public")
        let arguments = [
            "build", "--content", Project.content.path, "--templates", Project.templates.path, "--output", output.path
        ]
        let interactive = await aura(arguments, interactive: true)
        #expect(interactive.err.contains("[11/13] Render pages"))
        #expect(
            interactive.out.range(of: #"^Built \d+ pages \(\d+ files\) in \d+ ms"#, options: .regularExpression) != nil)
        let piped = await aura(arguments)
        #expect(piped.err.isEmpty)
    }

    @Test func passesTheNuHTMLChecker() async throws {
        let output = try await buildDefaultSite()
        // v.Nu checks each stylesheet alone, where a group's would lack the custom properties the
        // common one defines: the pages go in as built, the stylesheets as each group's pages
        // apply them, common's first.
        let files = try snapshot(output)
        let cascades = try temporaryFolder()
        let common = try #require(files.first { $0.key.hasPrefix("assets/aura.common.") && $0.key.hasSuffix(".css") })
            .value
        for (path, data) in files where path.hasPrefix("assets/aura.") && path.hasSuffix(".css") && data != common {
            try (common + data).write(to: cascades.appendingPathComponent(String(path.dropFirst("assets/".count))))
        }
        // The Nu checker predates CSS Borders 4's `corner-shape` (used with a border-radius fallback)
        // and container queries (the week board's columns; without them it shows one day at a time).
        let ignored = [
            "Property “corner-shape” doesn't exist", "Property “container” doesn't exist",
            "Unrecognized at-rule “@container”"
        ]
        for (folder, css) in [(output, ["--no-css"]), (cascades, [])] {
            let result = try runProgram(
                "python3",
                [try Project.webcheckScript("check_html.py"), folder.path]
                    + css + ignored.flatMap { ["--ignore", $0] })
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains(" 0 errors"), "\(result.output)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cascades.path).count >= 4)
    }

    @Test(arguments: [390, 1280])
    func passesAxeWithNothingSeriousOrCritical(width: Int) async throws {
        let output = try await buildDefaultSite()
        let result = try runProgram(
            "python3",
            [
                try Project.webcheckScript("check_a11y.py"), output.path,
                "--width", String(width), "--fail-on", "serious", "--fail-on-404"
            ])
        #expect(result.status == 0, "\(result.output)")
    }
}
