import Diagnostics
import Foundation
import SiteEngine

/// The site's documentation (the content folder's `docs/`, which may be a link to a folder
/// elsewhere): every Markdown file in it, at any depth, as a page under `/docs/` — `guide/serve.md` at `/docs/guide/serve/`, a folder's
/// `README.md` (or `index.md`) at the folder's address. A relative link must lead to another
/// document (its `.md` name, with or without the `#id` of one of its headings), and becomes
/// that page's address; a link that leads nowhere is an error naming its file, line and column,
/// so no page of the section has a broken link.
struct DocsSection: Sendable {
    struct Document: Sendable {
        /// The file, relative to the docs folder (`guide/serve.md`).
        let file: String
        /// The page's site-relative path (`/docs/guide/serve/`).
        let path: String
        /// The document's first level-1 heading, else its file name.
        let title: String
        let html: String
        /// The first folder of `file` (`guide`), empty for a document at the top.
        var group: String { file.contains("/") ? String(file.prefix { $0 != "/" }) : "" }
    }

    /// Where the section starts.
    static let path = "/docs/"
    /// The content folder's folder (or link) that holds the documents.
    static let folderName = "docs"

    /// The documents, the section's index first, then in the order the index links to them,
    /// then the rest by file name.
    let documents: [Document]

    /// Sections as last read, by folder and root.
    private static let read = StampedInputs<DocsSection>()

    /// Reads every document of `folder`; `root` prefixes the pages' addresses (`/` or `/aura/`).
    /// Problems in any of them are `SourceErrors` naming each one. Files that all bear the stamps
    /// of the last read are not read again.
    static func load(folder: URL, root: String, in fileSystem: FileSystem) throws -> DocsSection {
        let files = fileSystem.files(folder).filter { file in
            file.hasSuffix(".md") && !file.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        return try read.value(
            folder.path + "\u{0}" + root, paths: files.map { folder.appendingPathComponent($0).path }, in: fileSystem
        ) { try reading(files, folder: folder, root: root, in: fileSystem) }
    }

    private static func reading(_ files: [String], folder: URL, root: String, in fileSystem: FileSystem) throws
        -> DocsSection
    {
        let paths = Dictionary(uniqueKeysWithValues: files.map { ($0, pagePath(of: $0)) })
        var documents: [Document] = []
        var errors: [SourceError] = []
        var indexLinks: [String] = []
        // Links to a section, checked once every document's headings are known.
        var sectionLinks: [(link: MarkdownDocument.Link, file: String, page: String, id: String)] = []
        var ids: [String: Set<String>] = [:]
        for file in files {
            let url = folder.appendingPathComponent(file)
            let shown = displayPath(url)
            do {
                let source = try ContentFile.read(url, in: fileSystem)
                let document = try MarkdownDocument(source) { link in
                    guard let (target, fragment) = Self.target(of: link.url, from: file) else { return link.url }
                    guard let path = paths[target] ?? paths[target + "/README.md"] ?? paths[target + "/index.md"]
                    else {
                        errors.append(
                            SourceError(
                                file: shown, line: link.line, column: link.column,
                                message: "the link '\(link.url)' leads to no document in the docs folder"))
                        return link.url
                    }
                    if paths[file] == Self.path { indexLinks.append(path) }
                    if fragment.count > 1 { sectionLinks.append((link, shown, path, String(fragment.dropFirst()))) }
                    return root + path.dropFirst() + fragment
                }
                ids[paths[file]!] = Set(document.ids)
                documents.append(
                    Document(
                        file: file, path: paths[file]!,
                        title: document.title ?? String(url.deletingPathExtension().lastPathComponent),
                        html: document.html))
            } catch {
                errors += try SourceErrors.unpack(error)
            }
        }
        for (link, file, page, id) in sectionLinks where ids[page]?.contains(id) == false {
            errors.append(
                SourceError(
                    file: file, line: link.line, column: link.column,
                    message: "the link '\(link.url)' leads to no heading of that document ('#\(id)')"))
        }
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return DocsSection(documents: ordered(documents, index: indexLinks))
    }

    /// The page path of a document file: its name without `.md`, a README or index standing
    /// for its folder.
    private static func pagePath(of file: String) -> String {
        var parts = file.dropLast(3).split(separator: "/").map(String.init)
        if let last = parts.last, ["readme", "index"].contains(last.lowercased()) { parts.removeLast() }
        return path + parts.map { $0 + "/" }.joined()
    }

    /// The docs file a relative link in `file` names, and its `#section` (or ""); nil for a link
    /// that is not relative (`https:`, `mailto:`, `/…`, `#…`).
    private static func target(of url: String, from file: String) -> (String, String)? {
        guard !url.isEmpty, !url.hasPrefix("/"), !url.hasPrefix("#"), !url.contains(":") || url.hasPrefix("./")
        else { return nil }
        let hash = url.firstIndex(of: "#") ?? url.endIndex
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for part in url[..<hash].removingPercentEncoding?.split(separator: "/") ?? [] {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return (parts.joined(separator: "/"), String(url[hash...]))
    }

    /// The index first, then the pages it links to (`links`, by path) in its order, then the
    /// rest as they are.
    private static func ordered(_ documents: [Document], index links: [String]) -> [Document] {
        var rank: [String: Int] = [:]
        for (place, path) in links.enumerated() where rank[path] == nil { rank[path] = place }
        return documents.enumerated().sorted { first, second in
            func key(_ item: (offset: Int, element: Document)) -> (Int, Int, Int) {
                let document = item.element
                if document.path == path { return (0, 0, 0) }
                return (1, rank[document.path] ?? Int.max, item.offset)
            }
            return key(first) < key(second)
        }.map(\.element)
    }
}
