import AuraSite
import Foundation
import SiteEngine

/// A whole small site written as one text block, txtar style, and built entirely in memory:
///
///     -- Content/site.yml --
///     title: Mini
///     -- Templates/pages/landing.mustache --
///     <h1>{{page.title}}</h1>
///
/// Each `-- path --` line starts a file (relative to the site folder) that runs to the next
/// one. A later file of the same path replaces an earlier one, so a test can start from
/// `SiteFixture.minimal` and change only what it is about.
public struct SiteFixture: Sendable {
    /// Where the site seems to be: a folder that is never created on disk.
    public let root: URL
    public let fileSystem: FileSystem

    public init(_ blocks: String...) {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("aura-fixture-\(UUID().uuidString)")
        var files: [String: Data] = [:]
        for (path, text) in blocks.flatMap(Self.files(in:)) {
            files[root.appendingPathComponent(path).path] = Data(text.utf8)
        }
        fileSystem = .memory(files)
    }

    /// The files of a txtar-style text, in order; each line of a file ends in a line break.
    public static func files(in text: String) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                files.append((String(line.dropFirst(3).dropLast(3)), ""))
            } else if !files.isEmpty {
                files[files.count - 1].text += line + "\n"
            }
        }
        return files
    }

    public func options(baseURL: URL? = nil) -> BuildOptions {
        BuildOptions(
            contentDirectory: root.appendingPathComponent("Content"),
            templatesDirectory: root.appendingPathComponent("Templates"),
            outputDirectory: root.appendingPathComponent("Public"),
            baseURL: baseURL, fileSystem: fileSystem)
    }

    /// Builds the site; returns every output file's text by path under `Public/`.
    public func build(baseURL: URL? = nil) async throws -> [String: String] {
        _ = try await SiteBuilder(options: options(baseURL: baseURL)).build()
        return try output()
    }

    /// What `Public/` holds, by path under it.
    public func output() throws -> [String: String] {
        let folder = root.appendingPathComponent("Public")
        var files: [String: String] = [:]
        for path in fileSystem.files(folder) {
            files[path] = String(decoding: try fileSystem.read(folder.appendingPathComponent(path)), as: UTF8.self)
        }
        return files
    }

    /// The build's error as `aura build` prints it, with paths relative to the site folder;
    /// nil when the build succeeds.
    public func buildError() async -> String? {
        do {
            _ = try await SiteBuilder(options: options()).build()
            return nil
        } catch {
            return relative("\(error)")
        }
    }

    /// Every problem `aura check` finds, with paths relative to the site folder.
    public func check(strict: Bool = false) async -> [String] {
        await SiteBuilder(options: options()).check(strict: strict).problems.map(relative)
    }

    /// `message` with the fixture's folder taken out of every path.
    public func relative(_ message: String) -> String {
        message.replacingOccurrences(of: root.path + "/", with: "")
    }
}
