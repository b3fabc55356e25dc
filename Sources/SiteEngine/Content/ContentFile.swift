import Diagnostics
import Foundation

/// Reading user files with errors that name the file.
public enum ContentFile {
    /// Reads a UTF-8 text file as the person meant it (a byte order mark and CRLF line ends
    /// accepted), or throws an error saying which file could not be read and why — a control
    /// character other than tab and line break is an error at its line and column.
    public static func read(_ url: URL, in fileSystem: FileSystem = .disk) throws(SourceError) -> String {
        let read: String?
        do {
            read = try fileSystem.text(at: url)
        } catch {
            let folder = url.deletingLastPathComponent()
            // Most often a command run outside the site's folder: say so rather than name one file.
            let reason =
                if fileSystem.exists(url) {
                    "it could not be read"
                } else if fileSystem.exists(folder) {
                    "no such file"
                } else {
                    "no such file, and no folder \(displayPath(folder))/ either"
                }
            throw SourceError(file: displayPath(url), line: 1, column: 1, message: "cannot open: \(reason)")
        }
        guard let text = read else {
            throw SourceError(
                file: displayPath(url), line: 1, column: 1,
                message: "not valid UTF-8 text; expected a UTF-8 encoded file")
        }
        let normalized = TextInput.normalized(text)
        if let error = TextInput.controlCharacterError(in: normalized) {
            throw error.located(in: displayPath(url))
        }
        return normalized
    }

    /// What `displayPath` puts before the name of any file directly in `folder`, ending in a
    /// slash (empty for the working directory itself).
    package static func displayPrefix(of folder: URL) -> String {
        String(displayPath(folder.appendingPathComponent("-")).dropLast())
    }
}
