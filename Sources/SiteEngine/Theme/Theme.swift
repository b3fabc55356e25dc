import Diagnostics
import Foundation
import Mustache
import Platform

/// The contents of `Templates/`: parsed templates, design tokens and asset files.
package struct Theme: Sendable {
    package let directory: URL
    package let templates: TemplateLibrary
    package let tokens: DesignTokens
    /// Where `directory` is: assets are read through it.
    let fileSystem: FileSystem
    /// Per template name, a digest of what a page rendered with it owes to the theme: this
    /// executable, and the source of the template and of every template it includes. Assets and
    /// tokens reach a page through its view model (fingerprinted paths, the design page's
    /// values), so a changed partial renders again only the pages that include it.
    let templateKeys: [String: String]

    /// Themes as last loaded, by folder.
    private static let loaded = StampedInputs<Theme>()

    /// Parses every template and the tokens once; errors name the file, line and column. A
    /// folder whose files all bear the stamps of the last load is not read again.
    package static func load(from directory: URL, in fileSystem: FileSystem) throws -> Theme {
        guard fileSystem.exists(directory) else {
            throw SiteError(message: "\(displayPath(directory)): no such templates folder")
        }
        let everyFile = fileSystem.files(directory)
        for path in everyFile where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let url = directory.appendingPathComponent(path)
            if let refusal = fileSystem.refusalOfLink(url) {
                throw SiteError(
                    message:
                        "\(displayPath(url)) \(refusal); a theme's files are rendered and published as they are, so each must be a file with one name: copy it in instead"
                )
            }
        }
        let files = everyFile.filter { $0.hasSuffix(".mustache") || $0 == "tokens.yml" }
        return try loaded.value(
            directory.path, paths: files.map { directory.appendingPathComponent($0).path }, in: fileSystem
        ) { try reading(directory, in: fileSystem) }
    }

    private static func reading(_ directory: URL, in fileSystem: FileSystem) throws -> Theme {
        var templates: TemplateLibrary?
        var tokens: DesignTokens?
        var errors: [SourceError] = []
        var sourceDigests: [String: String] = [:]
        do {
            let sources = try templateSources(in: directory, fileSystem)
            templates = try TemplateLibrary(files: sources)
            for (path, source) in sources {
                sourceDigests[String(path.dropLast(".mustache".count))] = Fingerprint.sha256Hex(Array(source.utf8))
            }
        } catch let error as MustacheError {
            errors.append(locate(error, in: directory))
        }
        do {
            tokens = try DesignTokens.load(from: directory.appendingPathComponent("tokens.yml"), in: fileSystem)
        } catch {
            errors += try SourceErrors.unpack(error)
        }
        guard errors.isEmpty, let templates, let tokens else { throw SourceErrors(errors: errors) }
        let engine = BuildManifest.executableStamp
        let templateKeys = Dictionary(
            uniqueKeysWithValues: sourceDigests.keys.map { name in
                (
                    name,
                    Fingerprint.sha256Hex(
                        Array(
                            (["page 3", engine]
                                + templates.inclusions(of: name).map { "\($0) \(sourceDigests[$0] ?? "-")" })
                                .joined(separator: "\n").utf8))
                )
            })
        return Theme(
            directory: directory, templates: templates, tokens: tokens, fileSystem: fileSystem,
            templateKeys: templateKeys)
    }

    /// Every `*.mustache` under `directory`, by relative path.
    private static func templateSources(in directory: URL, _ fileSystem: FileSystem) throws -> [String: String] {
        var sources: [String: String] = [:]
        for path in fileSystem.files(directory) where path.hasSuffix(".mustache") {
            let url = directory.appendingPathComponent(path)
            guard let source = String(validating: try fileSystem.read(url), as: UTF8.self) else {
                throw SourceError(
                    file: displayPath(url), line: 1, column: 1,
                    message: "not valid UTF-8 text; expected a UTF-8 encoded file")
            }
            sources[path] = source
        }
        return sources
    }

    /// A template error as a problem in the file under `directory`.
    package static func locate(_ error: MustacheError, in directory: URL) -> SourceError {
        error.problem.located(in: displayPath(directory.appendingPathComponent(error.file)))
    }

    /// The files under `Templates/<folder>` (no hidden ones), sorted by path, as (relative path, URL).
    package func files(in folder: String, withExtension pathExtension: String? = nil) -> [(path: String, url: URL)] {
        let root = directory.appendingPathComponent(folder)
        return fileSystem.files(root)
            .filter { path in pathExtension.map { path.hasSuffix("." + $0) } ?? true }
            .filter { !($0.split(separator: "/").last ?? "").hasPrefix(".") }
            .map { ($0, root.appendingPathComponent($0)) }
    }

    /// The bytes of a theme file.
    package func read(_ url: URL) throws -> Data {
        try fileSystem.read(url)
    }
}
