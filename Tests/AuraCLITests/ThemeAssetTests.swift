import AuraTestSupport
import Foundation
import Testing

/// A font or icon the theme names but does not have fails `aura build` and `aura check`
/// where it is named, instead of a site that silently falls back.
@Suite(.serialized) struct ThemeAssetTests {
    /// A copy of the theme with `path` removed.
    private func themeWithout(_ path: String) throws -> URL {
        let templates = try temporaryFolder().appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Project.templates, to: templates)
        try FileManager.default.removeItem(at: templates.appendingPathComponent(path))
        return templates
    }

    @Test func aMissingHeadingFontFailsBuildAndCheckWhereItIsNamed() async throws {
        let font = "assets/fonts/InterTight-Light-latin.woff2"
        let templates = try themeWithout(font)
        let tokens = try String(contentsOf: templates.appendingPathComponent("tokens.yml"), encoding: .utf8)
        let lines = tokens.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("heading_font: \(font)") })
        let column = lines[index].distance(from: lines[index].startIndex, to: lines[index].range(of: font)!.lowerBound) + 1
        let location = "\(templates.path)/tokens.yml:\(index + 1):\(column): the heading font \(templates.path)/\(font) is missing"

        let output = templates.deletingLastPathComponent().appendingPathComponent("Public")
        let build = await aura(["build", "--content", Project.content.path, "--templates", templates.path, "--output", output.path])
        #expect(build.status == 1)
        #expect(build.err.contains("error: \(location)"), "\(build.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "a failed build wrote a site")
        let check = await aura(["check", "--content", Project.content.path, "--templates", templates.path])
        #expect(check.status == 1)
        #expect(check.err.contains("error: \(location)"), "\(check.err)")
    }

    @Test func aMissingIconFailsTheBuild() async throws {
        let templates = try themeWithout("assets/icons/aura.svg")
        let check = await aura(["check", "--content", Project.content.path, "--templates", templates.path])
        #expect(check.status == 1)
        #expect(check.err.contains("\(templates.path)/assets/icons/aura.svg is missing; every page and the manifest link to it"), "\(check.err)")
    }
}
