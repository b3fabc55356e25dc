import Foundation
import Testing

/// Paths of the project and its neighbour `../shared`.
public enum Project {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let content = root.appendingPathComponent("Content")
    public static let templates = root.appendingPathComponent("Templates")
    public static let webcheck = root.deletingLastPathComponent().appendingPathComponent("shared/webcheck")

    /// Whether the outside checkers are here; under CI their absence is a failure, not a skip.
    public static var hasWebcheck: Bool {
        let present = FileManager.default.fileExists(atPath: webcheck.appendingPathComponent("check_html.py").path)
        if !present && ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("../shared/webcheck is missing; CI must run the outside checkers")
        }
        return present
    }
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
public func runProgram(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
    // A program that exits before reading its input must not kill the test run.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let output = Pipe(), feed = Pipe()
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
