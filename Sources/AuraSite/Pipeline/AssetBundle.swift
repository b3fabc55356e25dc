import Foundation

/// The site's static assets, written with fingerprinted names where they may be cached forever.
struct AssetBundle: Sendable {
    /// Public paths (under the site root) of what pages link to.
    let stylesheetPath: String
    let scriptPath: String
    let iconPath: String
    /// Every icon's public path, by file name (`icon-192.png`, `maskable-512.png` …).
    let iconPaths: [String: String]
    let headingFontPath: String?
    /// Scripts a page loads in its head, before it is painted, by name (`week-columns`): each
    /// file of `assets/early/`, fingerprinted on its own.
    let earlyScriptPaths: [String: String]
    /// Every file to write, by output-relative path.
    let files: [(path: String, data: Data)]

    /// The icon every page and the manifest link to.
    static let iconName = "aura.svg"

    /// Bundles the theme's CSS (after the generated token block), JavaScript, icons, font and
    /// static files. A font or icon the theme names but does not have is an error, never dropped.
    init(theme: Theme, root: String) throws {
        var files: [(String, Data)] = []
        var fontPath: String?
        if let font = theme.tokens.headingFont {
            guard let data = try? theme.read(theme.directory.appendingPathComponent(font.path)) else {
                throw font.missing(in: theme.directory)
            }
            let name = Fingerprint.fingerprinted(font.path, bytes: Array(data))
            files.append((name, data))
            fontPath = root + name
        }
        headingFontPath = fontPath

        let tokenCSS = TokenStylesheet(tokens: theme.tokens, headingFontPath: fontPath).css
        let css = try Self.concatenate([tokenCSS], theme.files(in: "assets/css", withExtension: "css"), theme.fileSystem)
        let cssName = "assets/" + Fingerprint.fingerprinted("aura.css", bytes: Array(css.utf8))
        files.append((cssName, Data(css.utf8)))
        stylesheetPath = root + cssName

        let script = try Self.concatenate([], theme.files(in: "assets/js", withExtension: "js"), theme.fileSystem)
        let scriptName = "assets/" + Fingerprint.fingerprinted("aura.js", bytes: Array(script.utf8))
        files.append((scriptName, Data(script.utf8)))
        scriptPath = root + scriptName

        var early: [String: String] = [:]
        for script in theme.files(in: "assets/early", withExtension: "js") {
            let data = try theme.read(script.url)
            let name = "assets/" + Fingerprint.fingerprinted(script.path, bytes: Array(data))
            files.append((name, data))
            early[String(script.path.dropLast(3))] = root + name
        }
        earlyScriptPaths = early

        var icons: [String: String] = [:]
        for icon in theme.files(in: "assets/icons") {
            files.append(("assets/icons/" + icon.path, try theme.read(icon.url)))
            icons[icon.path] = root + "assets/icons/" + icon.path
        }
        guard let icon = icons[Self.iconName] else {
            throw SiteError(message: "\(ContentFile.displayPath(theme.directory.appendingPathComponent("assets/icons/" + Self.iconName))) is missing; every page and the manifest link to it")
        }
        iconPaths = icons
        iconPath = icon
        for file in theme.files(in: "static") {
            files.append((file.path, try theme.read(file.url)))
        }
        self.files = files
    }

    private static func concatenate(_ leading: [String], _ sources: [(path: String, url: URL)], _ fileSystem: FileSystem) throws -> String {
        var parts = leading
        for source in sources {
            parts.append(try ContentFile.read(source.url, in: fileSystem))
        }
        return parts.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }
}
