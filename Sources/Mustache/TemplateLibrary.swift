import Foundation

/// A set of named templates in which partials (`{{>name}}`) and parents (`{{<name}}`)
/// resolve by name. Immutable once built, so one library can render from many tasks at once.
///
/// A missing partial or parent is an error when the library is built, at the tag that names
/// it: a misspelt `{{> partials/foter}}` silently dropping the footer from every page is never
/// what a site wants. The spec asks a missing partial to render as the empty string;
/// `allowMissingPartials` gives that behaviour. (The `~inheritance` spec only says a missing
/// parent SHOULD render as the empty string, and none of its tests rely on it.)
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    /// Parses every template of `templates` (name → source). Error messages name the
    /// templates by their key.
    public init(templates: [String: String], allowMissingPartials: Bool = false) throws {
        var parsed: [String: Template] = [:]
        for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
            parsed[name] = try Template(source: source, name: name)
        }
        try self.init(checking: parsed, allowMissingPartials: allowMissingPartials)
    }

    /// Parses every `*.<fileExtension>` file of `files` (path relative to the templates folder
    /// → source). A template's name is its path without the extension (`layouts/base`); error
    /// messages use the path with the extension (`layouts/base.mustache`).
    public init(files: [String: String], fileExtension: String = "mustache", allowMissingPartials: Bool = false) throws
    {
        let suffix = "." + fileExtension
        var parsed: [String: Template] = [:]
        for (path, source) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(suffix) {
            parsed[String(path.dropLast(suffix.count))] = try Template(source: source, name: path)
        }
        try self.init(checking: parsed, allowMissingPartials: allowMissingPartials)
    }

    /// Loads every `*.<fileExtension>` file below `directory`, recursively, as `init(files:)`.
    public init(directory: URL, fileExtension: String = "mustache", allowMissingPartials: Bool = false) throws {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        where path.hasSuffix("." + fileExtension) {
            let file = directory.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            files[path] = try String(contentsOf: file, encoding: .utf8)
        }
        try self.init(files: files, fileExtension: fileExtension, allowMissingPartials: allowMissingPartials)
    }

    private init(checking templates: [String: Template], allowMissingPartials: Bool) throws {
        for template in templates.values.sorted(by: { $0.name < $1.name }) {
            for parent in template.parents where templates[parent.name] == nil {
                throw MustacheError(
                    "unknown parent template '\(parent.name)'; expected one of: \(templates.keys.sorted().joined(separator: ", "))",
                    at: parent.location)
            }
            for partial in template.partials where !allowMissingPartials && templates[partial.name] == nil {
                throw MustacheError(
                    "unknown partial '\(partial.name)'; expected one of: \(Self.neighbours(of: partial.name, in: templates.keys))",
                    at: partial.location)
            }
        }
        self.templates = templates
    }

    /// The templates in the same folder as `name` (`partials/…` for `partials/foter`), or all.
    private static func neighbours(of name: String, in names: some Collection<String>) -> String {
        let folder = name.range(of: "/", options: .backwards).map { String(name[..<$0.upperBound]) } ?? ""
        let near = names.filter { $0.hasPrefix(folder) && !$0.dropFirst(folder.count).contains("/") }
        return (near.isEmpty ? Array(names) : near).sorted().joined(separator: ", ")
    }

    /// The names of all templates, sorted.
    var names: [String] { templates.keys.sorted() }

    /// `name` and every template it can include through partials and parents, at any depth,
    /// sorted: everything rendering `name` may read besides the context.
    public func inclusions(of name: String) -> [String] {
        var found: Set<String> = []
        var waiting = [name]
        while let next = waiting.popLast() {
            guard found.insert(next).inserted, let template = templates[next] else { continue }
            waiting += template.partials.map(\.name) + template.parents.map(\.name)
        }
        return found.sorted()
    }

    /// Renders the template called `name` against `context`, escaping `{{name}}` values with
    /// `escaping` (HTML unless told otherwise).
    public func render(_ name: String, _ context: MustacheValue, escaping: Escaping = .html) throws -> String {
        String(decoding: try renderBytes(name, context, escaping: escaping), as: UTF8.self)
    }

    /// Renders like `render(_:_:escaping:)`, as the UTF-8 bytes of a file.
    public func renderData(_ name: String, _ context: MustacheValue, escaping: Escaping = .html) throws -> Data {
        Data(try renderBytes(name, context, escaping: escaping))
    }

    private func renderBytes(_ name: String, _ context: MustacheValue, escaping: Escaping) throws -> [UInt8] {
        var renderer = Renderer(templates: templates, context: context, escaping: escaping)
        try renderer.render(try template(name).nodes)
        return renderer.output
    }

    /// Renders like `render(_:_:escaping:)`, adding every name looked up to `lookups`.
    public func render(
        _ name: String, _ context: MustacheValue, escaping: Escaping = .html,
        recordingLookupsIn lookups: inout NameLookups
    ) throws -> String {
        var renderer = Renderer(templates: templates, context: context, escaping: escaping, lookups: lookups)
        defer { lookups = renderer.lookups ?? lookups }
        try renderer.render(try template(name).nodes)
        return String(decoding: renderer.output, as: UTF8.self)
    }

    private func template(_ name: String) throws(MustacheError) -> Template {
        guard let template = templates[name] else {
            throw MustacheError(file: name, line: 0, column: 0, message: "no template named '\(name)' in the library")
        }
        return template
    }
}
