import Diagnostics
import Foundation
import Platform

/// The site's static assets, written with fingerprinted names where they may be cached forever.
package struct AssetBundle: Sendable {
    /// Public paths (under the site root) of the stylesheets and scripts one page loads, in order.
    package struct PageAssets: Sendable, Equatable {
        package let stylesheets: [String]
        package let scripts: [String]
        package var all: [String] { stylesheets + scripts }
    }

    /// What each kind of page loads (`landing`, `dashboard` …), from `assets/bundles.yml`.
    let pageAssets: [String: PageAssets]
    /// What every page loads when the theme has no `bundles.yml`: all of it.
    let sharedAssets: PageAssets?
    package let iconPath: String
    /// Every icon's public path, by file name (`icon-192.png`, `maskable-512.png` …).
    package let iconPaths: [String: String]
    package let headingFontPath: String?
    /// Scripts a page loads in its head, before it is painted, by name (`week-columns`): each
    /// file of `assets/early/`, fingerprinted on its own.
    package let earlyScriptPaths: [String: String]
    /// Every file to write, by output-relative path.
    package let files: [(path: String, data: Data)]

    /// Bundles as last made, by theme folder, root and stem.
    private static let made = StampedInputs<AssetBundle>()

    /// The bundle `init(theme:root:stem:)` makes, made again only when a file of the theme's
    /// folder changed (or came or went) since the last.
    package static func of(theme: Theme, root: String, stem: String) throws -> AssetBundle {
        let paths = theme.fileSystem.files(theme.directory).map { theme.directory.appendingPathComponent($0).path }
        return try made.value(
            theme.directory.path + "\u{0}" + root + "\u{0}" + stem, paths: paths, in: theme.fileSystem
        ) { try AssetBundle(theme: theme, root: root, stem: stem) }
    }

    /// Bundles the theme's CSS (the generated token block first) and JavaScript as
    /// `assets/bundles.yml` groups them (all in one bundle without it), minified; icons, font
    /// and static files as they are. A font or icon the theme names but does not have is an
    /// error, never dropped. Bundles are named after `stem` (`<stem>.common.<hash>.css`), and
    /// `assets/icons/<stem>.svg` is the icon every page and the manifest link to.
    package init(theme: Theme, root: String, stem: String) throws {
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
        let styles = theme.files(in: "assets/css", withExtension: "css")
        let scripts = theme.files(in: "assets/js", withExtension: "js")
        let planURL = theme.directory.appendingPathComponent(AssetPlan.path)
        let plan =
            theme.fileSystem.exists(planURL)
            ? try AssetPlan(
                yaml: try ContentFile.read(planURL, in: theme.fileSystem), file: displayPath(planURL),
                styles: styles.map(\.path), scripts: scripts.map(\.path))
            : AssetPlan(everythingShared: styles.map(\.path), scripts: scripts.map(\.path))

        /// One bundle's stylesheet or script: its files joined, minified and fingerprinted as
        /// `assets/<stem>.<bundle>.<hash>.<ext>`; no file when there is nothing to join.
        func join(
            _ bundle: String, _ ext: String, _ chosen: [(path: String, url: URL)], leading: [String] = [],
            minify: (String) -> String
        ) throws -> [String] {
            guard !chosen.isEmpty || !leading.isEmpty else { return [] }
            let text = minify(try Self.concatenate(leading, chosen, theme.fileSystem))
            let path = "assets/" + Fingerprint.fingerprinted("\(stem).\(bundle).\(ext)", bytes: Array(text.utf8))
            files.append((path, Data(text.utf8)))
            return [root + path]
        }
        func write(_ bundle: AssetPlan.Bundle, leading: [String]) throws -> PageAssets {
            PageAssets(
                stylesheets: try join(
                    bundle.name, "css", styles.filter { bundle.styles.contains($0.path) },
                    leading: leading, minify: Minifier.css),
                scripts: try join(
                    bundle.name, "js", scripts.filter { bundle.scripts.contains($0.path) },
                    minify: Minifier.javaScript))
        }
        let common = try write(plan.common, leading: [tokenCSS])
        sharedAssets = plan.groups.isEmpty ? common : nil
        var pageAssets: [String: PageAssets] = [:]
        for group in plan.groups {
            let own = try write(group, leading: [])
            for kind in group.pages {
                pageAssets[kind] = PageAssets(
                    stylesheets: common.stylesheets + own.stylesheets, scripts: common.scripts + own.scripts)
            }
        }
        self.pageAssets = pageAssets

        var early: [String: String] = [:]
        for script in theme.files(in: "assets/early", withExtension: "js") {
            let data = Data(Minifier.javaScript(try ContentFile.read(script.url, in: theme.fileSystem)).utf8)
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
        guard let icon = icons[stem + ".svg"] else {
            throw SiteError(
                message:
                    "\(displayPath(theme.directory.appendingPathComponent("assets/icons/\(stem).svg"))) is missing; every page and the manifest link to it"
            )
        }
        iconPaths = icons
        iconPath = icon
        for file in theme.files(in: "static") {
            if let refusal = theme.fileSystem.refusalToPublish(file.url) {
                throw SiteError(
                    message:
                        "\(displayPath(file.url)) \(refusal); static files are published as they are, so each must be a regular file of your own with one name: copy it in instead"
                )
            }
            files.append((file.path, try theme.read(file.url)))
        }
        self.files = files
    }

    /// The stylesheets and scripts a page of `kind` loads.
    package func assets(forPage kind: String) throws -> PageAssets {
        guard let assets = pageAssets[kind] ?? sharedAssets else {
            throw SiteError(
                message:
                    "no group in \(AssetPlan.path) lists pages of kind '\(kind)'; add it to the group whose scripts and styles it needs"
            )
        }
        return assets
    }

    private static func concatenate(
        _ leading: [String], _ sources: [(path: String, url: URL)], _ fileSystem: FileSystem
    ) throws -> String {
        var parts = leading
        for source in sources {
            parts.append(try ContentFile.read(source.url, in: fileSystem))
        }
        return parts.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }
}
