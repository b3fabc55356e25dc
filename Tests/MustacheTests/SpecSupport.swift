import Foundation
import Testing

@testable import Mustache

/// One test of the official Mustache spec.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let name: String
    let template: String
    let partials: [String: String]
    let data: MustacheValue
    let expected: String

    var testDescription: String { name }

    /// Renders the spec template, with the partials as the rest of the library, and
    /// expects exactly the spec's output.
    func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let templateName = "spec template"
        var sources = partials
        sources[templateName] = template
        // The spec renders a missing partial as nothing.
        let output = try TemplateLibrary(templates: sources, allowMissingPartials: true).render(templateName, data)
        #expect(output == expected, sourceLocation: sourceLocation)
    }
}

/// Finds and reads the spec's JSON files, which live outside this repository.
enum SpecFiles {
    /// `$MUSTACHE_SPEC_DIR`, else `<package root>/../shared/spec/mustache`. The package root is
    /// found from this file's real location, so a package that links these tests in still
    /// finds the spec next to the real package.
    static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
            return URL(fileURLWithPath: override)
        }
        let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // MustacheTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/spec/mustache").standardizedFileURL
    }()

    static var areAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("sections.json").path)
    }

    static let missingMessage: Comment = """
        Mustache spec files not found in \(directory.path); set MUSTACHE_SPEC_DIR to the folder \
        holding the spec's JSON files
        """

    /// The tests of one spec file (e.g. `sections`), or none when the spec is missing.
    /// Repeated test names get a ` #2` suffix so every case stays distinguishable.
    static func cases(_ file: String) throws -> [SpecCase] {
        guard areAvailable else { return [] }
        let data = try Data(contentsOf: directory.appendingPathComponent(file + ".json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        var seen: [String: Int] = [:]
        return try tests.map { test in
            let name = try #require(test["name"] as? String)
            seen[name, default: 0] += 1
            return SpecCase(
                name: seen[name]! > 1 ? "\(name) #\(seen[name]!)" : name,
                template: try #require(test["template"] as? String),
                partials: test["partials"] as? [String: String] ?? [:],
                data: MustacheValue(json: test["data"] ?? NSNull()),
                expected: try #require(test["expected"] as? String))
        }
    }
}
