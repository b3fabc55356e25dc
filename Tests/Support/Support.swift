import Foundation
import Testing

/// Paths of the project and its neighbour `../shared`.
public enum Project {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let content = root.appendingPathComponent("Content")
    public static let templates = root.appendingPathComponent("Templates")
    public static let webcheck = root.deletingLastPathComponent().appendingPathComponent("shared/webcheck")

    /// Copies the default content to `destination`, its `docs` link leading to the project's
    /// docs wherever the copy is (a copied relative link would lead nowhere, which is an error).
    public static func copyContent(to destination: URL) throws {
        try FileManager.default.copyItem(at: content, to: destination)
        let docs = destination.appendingPathComponent("docs")
        try FileManager.default.removeItem(at: docs)
        try FileManager.default.createSymbolicLink(at: docs, withDestinationURL: root.appendingPathComponent("docs"))
    }

    /// The outside checker `script` in `../shared/webcheck`; its absence fails the test that
    /// needs it, everywhere, because a check that did not run must never pass.
    public static func webcheckScript(_ script: String) throws -> String {
        let path = webcheck.appendingPathComponent(script).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw MissingTool(
                path: path,
                hint:
                    "the outside checkers come from ../shared/webcheck beside the project (see README, make test-deps)")
        }
        return path
    }
}

/// A program a test needs is not there: the test fails, saying where it should be and why.
public struct MissingTool: Error, CustomStringConvertible {
    public let path: String
    public let hint: String
    public var description: String { "\(path) is missing: \(hint)" }
}

/// A fresh temporary folder, removed by the caller.
public func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("aura-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every file under `folder` by relative path, with its bytes.
public func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let prefix = folder.standardizedFileURL.path + "/"
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
    }
    return files
}

/// Runs an outside program, feeding it `input`; returns its exit status and combined output.
public func runProgram(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (
    status: Int32, output: String
) {
    // A program that exits before reading its input must not kill the test run.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let output = Pipe()
    let feed = Pipe()
    process.standardOutput = output
    process.standardError = input == nil ? output : FileHandle.standardError
    process.standardInput = feed
    try process.run()
    if let input { feed.fileHandleForWriting.write(Data(input.utf8)) }
    try feed.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The `aura` executable built beside the test runner (`swift test` builds every product).
public func auraExecutable() throws -> URL {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    // The runner may sit inside an .xctest bundle; the products folder holds the bundle.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents"
        || folder.lastPathComponent == "MacOS"
    {
        folder.deleteLastPathComponent()
    }
    let executable = folder.appendingPathComponent("aura")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw MissingTool(path: executable.path, hint: "swift test builds the aura product beside its test runner")
    }
    return executable
}

/// A planner's fixed moment: `site.yml` for London with an 08:30–18:30 day, and Wednesday
/// 2 December 2026 at 07:00 there, before the day window opens.
public enum PlannerMorning {
    public static let siteYAML = """
        title: Aura
        description: A calm day planner.
        base_url: https://aura.example/
        language: en
        time_zone: Europe/London
        day:
          start: "08:30"
          end: "18:30"

        """
    public static let now = Date(timeIntervalSince1970: 1_796_194_800)
}
