import Foundation
import Mustache

/// The contents of `Templates/`: parsed templates, design tokens and asset files.
public struct Theme: Sendable {
    public let directory: URL
    public let templates: TemplateLibrary
    public let tokens: DesignTokens

    /// Parses every template and the tokens once; errors name the file, line and column.
    public static func load(from directory: URL) throws -> Theme {
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw SiteError(message: "\(ContentFile.displayPath(directory)): no such templates folder")
        }
        var templates: TemplateLibrary?
        var tokens: DesignTokens?
        var errors: [SourceError] = []
        do {
            templates = try TemplateLibrary(directory: directory)
        } catch let error as MustacheError {
            errors.append(locate(error, in: directory))
        }
        do { tokens = try DesignTokens.load(from: directory.appendingPathComponent("tokens.yml")) } catch { errors += try SourceErrors.unpack(error) }
        guard errors.isEmpty, let templates, let tokens else { throw SourceErrors(errors: errors) }
        return Theme(directory: directory, templates: templates, tokens: tokens)
    }

    /// A template error as a problem in the file under `directory`.
    static func locate(_ error: MustacheError, in directory: URL) -> SourceError {
        SourceError(file: ContentFile.displayPath(directory.appendingPathComponent(error.file)),
                    line: error.line, column: error.column, message: error.message)
    }

    /// The regular files under `Templates/<folder>`, sorted by path, as (relative path, URL).
    func files(in folder: String, withExtension pathExtension: String? = nil) -> [(path: String, url: URL)] {
        let root = directory.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { pathExtension == nil || $0.pathExtension == pathExtension }
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .map { (String($0.standardizedFileURL.path.dropFirst(prefix.count)), $0) }
            .sorted { $0.path < $1.path }
    }
}
