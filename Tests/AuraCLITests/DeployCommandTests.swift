import AuraTestSupport
import Foundation
import Testing

/// `aura deploy` as the command line sees it: usage mistakes are one line and exit 2, and a
/// site built from the default content goes to a folder through rsync, personal pages left home.
struct DeployCommandTests {
    @Test(arguments: [
        (["deploy"], "no target given, and site.yml has no deploy: targets"),
        (["deploy", "production"], "no deploy target is named 'production' in site.yml"),
        (["deploy", "/srv/www", "--region", "auto"], "--endpoint and --region are for an s3:// target only"),
        (["deploy", "s3://site", "--endpoint", "ftp://x"], "--endpoint 'ftp://x' is not an address"),
        (["deploy", "/srv/www", "--max-deletes", "many"], "--max-deletes expects a whole number of 0 or more"),
        (["deploy", "s3://Not_A_Bucket"], "does not name a bucket")
    ])
    func usageMistakesExitTwoWithOneLine(_ arguments: [String], _ expected: String) async {
        let result = await aura(arguments + ["--content", Project.content.path])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: ") && result.err.contains(expected), "\(result.err)")
    }

    @Test func aBuiltSiteGoesToAFolderWithoutThePersonalPages() async throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("Public")
        let target = folder.appendingPathComponent("published")
        let build = await aura([
            "build", "--content", Project.content.path, "--templates", Project.templates.path,
            "--output", output.path, "--quiet"
        ])
        #expect(build.status == 0, "\(build.err)")
        let first = await aura(["deploy", "--content", Project.content.path, "--output", output.path, target.path])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.hasPrefix("Deployed to \(target.path) in "), "\(first.out)")
        let manager = FileManager.default
        #expect(manager.fileExists(atPath: target.appendingPathComponent("index.html").path))
        #expect(manager.fileExists(atPath: target.appendingPathComponent(".aura-deploy.json").path))
        #expect(!manager.fileExists(atPath: target.appendingPathComponent("planner").path))
        let again = await aura(["deploy", "--content", Project.content.path, "--output", output.path, target.path])
        #expect(again.out.contains(": 0 sent (0 bytes), "), "\(again.out)")
    }
}
