import Diagnostics
import Foundation

/// A site's `site.yml`, read once with the position of every value. Each section is parsed
/// and checked by the module that uses it, its errors naming the file, line and column.
package struct SettingsFile: Sendable {
    package static let name = "site.yml"

    /// The whole file.
    package let fields: YAMLFields

    /// Reads `site.yml` in `contentDirectory`.
    package static func load(contentDirectory: URL, in fileSystem: FileSystem = .disk) throws -> SettingsFile {
        let url = contentDirectory.appendingPathComponent(name)
        return try parse(try ContentFile.read(url, in: fileSystem), file: displayPath(url))
    }

    /// Parses the text of a `site.yml`; `file` names it in errors.
    package static func parse(_ text: String, file: String) throws(SourceError) -> SettingsFile {
        SettingsFile(fields: try YAMLFields(try YAMLParser(file: file).parse(text), file: file))
    }

    /// What `read` makes of `site.yml` in `content`, kept in `cache` for as long as the file
    /// keeps its stamp: a server reads its settings on every request, and the file changes only
    /// when someone edits it. A person's folder, whose `site.yml` links to the shared one, shares
    /// what was read.
    package static func current<Value: Sendable>(
        in content: URL, cache: StampedInputs<Value>, _ read: (SettingsFile) throws -> Value
    ) throws -> Value {
        let path = content.appendingPathComponent(name).resolvingSymlinksInPath().path
        return try cache.value(path, paths: [path], in: .disk) { try read(try load(contentDirectory: content)) }
    }
}
