import Diagnostics

/// `Templates/assets/bundles.yml`: which scripts and styles each kind of page loads. Every page
/// loads the common bundle, then its group's bundle.
package struct AssetPlan: Sendable, Equatable {
    /// Files joined into one stylesheet and one script, and the page kinds that load them.
    package struct Bundle: Sendable, Equatable {
        package let name: String
        package let pages: [String]
        /// File names under `assets/css` and `assets/js`, in file-name order.
        package let styles: [String]
        package let scripts: [String]

        package init(name: String, pages: [String], styles: [String], scripts: [String]) {
            self.name = name
            self.pages = pages
            self.styles = styles
            self.scripts = scripts
        }
    }

    /// The theme-relative path of the plan.
    package static let path = "assets/bundles.yml"

    package let common: Bundle
    package let groups: [Bundle]

    /// Reads the plan and checks it against the files there are: every name must be a file in
    /// `styles` or `scripts`, every file must be in some bundle, a bundle names a file once and
    /// none that common already has, and no page kind is in two groups.
    package init(yaml text: String, file: String, styles: [String], scripts: [String]) throws(SourceError) {
        let root = try YAMLFields(try YAMLParser(file: file).parse(text), file: file)
        try root.rejectUnknownKeys(allowed: ["common", "groups"])
        let commonFields = try root.mapping("common", required: true)!
        let common = try Self.bundle("common", commonFields, styles: styles, scripts: scripts, pages: false)
        var groups: [Bundle] = []
        var groupOf: [String: String] = [:]
        let groupFields = try root.mapping("groups", required: true)!
        for (name, mark) in groupFields.keys {
            guard !name.isEmpty, name.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 })
            else {
                throw SourceError(
                    file: file, line: mark.line, column: mark.column,
                    message: "group '\(name)' names files: use lowercase letters, digits and '-'")
            }
            let fields = try groupFields.mapping(name, required: true)!
            let group = try Self.bundle(name, fields, styles: styles, scripts: scripts, pages: true)
            for (kind, node) in try fields.strings("pages", required: true)! {
                if let other = groupOf[kind] {
                    throw fields.error(
                        "page kind '\(kind)' is already in group '\(other)'; a page loads one group", at: node)
                }
                groupOf[kind] = name
            }
            for (list, shared, node) in [
                (group.styles, common.styles, fields.node["css"]), (group.scripts, common.scripts, fields.node["js"])
            ] {
                if let twice = list.first(where: shared.contains), let node {
                    throw fields.error("'\(twice)' is in common already; every page loads it", at: node)
                }
            }
            groups.append(group)
        }
        let named = Set(([common] + groups).flatMap { $0.styles + $0.scripts })
        for (folder, names) in [("css", styles), ("js", scripts)] {
            if let orphan = names.first(where: { !named.contains($0) }) {
                throw root.error(
                    "assets/\(folder)/\(orphan) is in no bundle; name it under common or under the groups whose pages use it",
                    at: root.node)
            }
        }
        self.common = common
        self.groups = groups
    }

    /// The plan of a theme without `bundles.yml`: every page loads every file, as one bundle.
    package init(everythingShared styles: [String], scripts: [String]) {
        common = Bundle(name: "common", pages: [], styles: styles, scripts: scripts)
        groups = []
    }

    /// The group whose `pages` list `kind`.
    package func group(of kind: String) -> Bundle? {
        groups.first { $0.pages.contains(kind) }
    }

    private static func bundle(
        _ name: String, _ fields: YAMLFields, styles: [String], scripts: [String],
        pages: Bool
    ) throws(SourceError) -> Bundle {
        try fields.rejectUnknownKeys(allowed: pages ? ["pages", "css", "js"] : ["css", "js"])
        func files(_ key: String, among available: [String], folder: String) throws(SourceError) -> [String] {
            var chosen: [String] = []
            for (file, node) in try fields.strings(key) ?? [] {
                guard available.contains(file) else {
                    let hint = nearest(to: file, in: available).map { "; did you mean '\($0)'?" } ?? ""
                    throw fields.error("no file assets/\(folder)/\(file)\(hint)", at: node)
                }
                guard !chosen.contains(file) else { throw fields.error("'\(file)' is named twice", at: node) }
                chosen.append(file)
            }
            return available.filter(chosen.contains)
        }
        return Bundle(
            name: name, pages: try pages ? (fields.strings("pages", required: true) ?? []).map(\.0) : [],
            styles: try files("css", among: styles, folder: "css"),
            scripts: try files("js", among: scripts, folder: "js"))
    }
}
