import AuraTestSupport
import Foundation
import Testing

/// `aura plan --build` builds through the same code as `aura build`, so every build option
/// works there too, and the README's cron line runs as printed.
@Suite(.serialized) struct PlanBuildTests {
    /// A copy of the default content (the store is written by a plan) in a new folder.
    private func contentCopy() throws -> URL {
        let folder = try temporaryFolder()
        let content = folder.appendingPathComponent("Content")
        try Project.copyContent(to: content)
        return content
    }

    @Test func planBuildAcceptsEveryBuildOption() async throws {
        let content = try contentCopy()
        let output = content.deletingLastPathComponent().appendingPathComponent("out")
        let result = await aura([
            "plan", "--content", content.path, "--date", "2026-12-02", "--build",
            "--templates", Project.templates.path, "--output", output.path,
            "--base-url", "https://home.example/aura/", "--quiet"
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.isEmpty && result.err.isEmpty, "--quiet printed: \(result.out)\(result.err)")
        let dashboard = try String(contentsOf: output.appendingPathComponent("dashboard/index.html"), encoding: .utf8)
        #expect(dashboard.contains("href=\"/aura/schedule/\""), "--base-url did not reach the build")
    }

    @Test func buildOptionsWithoutBuildAreAUsageError() async throws {
        let content = try contentCopy()
        let result = await aura(["plan", "--content", content.path, "--output", "elsewhere"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --output shapes the site build, so it needs --build"), "\(result.err)")
        let badBase = await aura(["plan", "--content", content.path, "--build", "--base-url", "not-a-url"])
        #expect(badBase.status == 2)
        #expect(badBase.err.contains("--base-url expects an absolute address"), "\(badBase.err)")
        #expect(
            try String(contentsOf: content.appendingPathComponent("planner/plan.json"), encoding: .utf8)
                == String(contentsOf: Project.content.appendingPathComponent("planner/plan.json"), encoding: .utf8),
            "a usage error must change no file")
    }

    /// The README's cron lines, each run by /bin/sh with cron's bare environment in a copy of the
    /// project (as a clone has it: Content, Templates and the docs its `Content/docs` links to)
    /// where `.build/release/aura` is the binary under test: the first on the default site as it
    /// is, which plans and builds; the second once `site.yml` names a deploy target, which also
    /// publishes there.
    @Test func theREADMECronLinesRunAsPrinted() throws {
        let readme = try String(contentsOf: Project.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").filter { $0.hasPrefix("0 6 * * *") }
        try #require(lines.count == 2, "the README should have two cron lines starting '0 6 * * *'")
        for (number, line) in lines.enumerated() {
            let command = line.dropFirst("0 6 * * *".count).trimmingCharacters(in: .whitespaces)
            #expect(
                command.hasPrefix("cd /srv/aura && "), "the cron line should start in the project folder: \(command)")
            let deploys = number == 1
            #expect(command.contains("aura deploy") == deploys, "\(command)")
            try runCronLine(command, withDeployTarget: deploys)
        }
    }

    private func runCronLine(_ command: String, withDeployTarget deploys: Bool) throws {
        let project = try temporaryFolder()
        for folder in ["Content", "Templates", "docs"] {
            try FileManager.default.copyItem(
                at: Project.root.appendingPathComponent(folder), to: project.appendingPathComponent(folder))
        }
        let release = project.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: release.appendingPathComponent("aura"), withDestinationURL: try auraExecutable())
        let planBefore = try Data(contentsOf: project.appendingPathComponent("Content/planner/plan.json"))
        let published = project.appendingPathComponent("published")
        if deploys {
            // The line deploys to site.yml's default target: here a folder of the copy.
            let settings = try FileHandle(forWritingTo: project.appendingPathComponent("Content/site.yml"))
            try settings.seekToEnd()
            try settings.write(
                contentsOf: Data("\ndeploy:\n  targets:\n    - name: home\n      url: \(published.path)\n".utf8))
            try settings.close()
        }

        let asRun = command.replacingOccurrences(of: "cd /srv/aura", with: "cd '\(project.path)'")
        let result = try runProgram(
            "env", ["-i", "PATH=/usr/bin:/bin", "HOME=\(project.path)", "SHELL=/bin/sh", "/bin/sh", "-c", asRun])
        #expect(result.status == 0, "\(command): \(result.output)")
        #expect(result.output.isEmpty, "cron mails whatever a job prints; --quiet must print nothing: \(result.output)")
        #expect(
            FileManager.default.fileExists(atPath: project.appendingPathComponent("Public/dashboard/index.html").path))
        #expect(
            FileManager.default.fileExists(atPath: project.appendingPathComponent("Public/docs/index.html").path),
            "the docs section went missing")
        #expect(FileManager.default.fileExists(atPath: published.appendingPathComponent("index.html").path) == deploys)
        #expect(
            try Data(contentsOf: project.appendingPathComponent("Content/planner/plan.json")) != planBefore,
            "the cron line did not plan the day")
    }
}
