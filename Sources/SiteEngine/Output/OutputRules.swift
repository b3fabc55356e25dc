/// What a site says about its output folder beyond the files it writes: entries a build keeps
/// although it did not make them, and top-level folders it owns whole.
package struct OutputRules: Sendable {
    /// Paths in the folder that are never the build's (`site.yml` `keep:`); a trailing `/`
    /// names a folder.
    package var keep: [String]
    /// Top-level folders the build owns whole: the marker names them, not the files in them,
    /// so a secret address inside stays out of it (a private build's `calendar/<secret>/`).
    package var ownedFolders: [String]
    /// Where a person lists `keep` paths, as messages name it (`'keep:' in site.yml`).
    package var keepSetting: String

    package init(keep: [String] = [], ownedFolders: [String] = [], keepSetting: String = "the site's keep paths") {
        self.keep = keep
        self.ownedFolders = ownedFolders
        self.keepSetting = keepSetting
    }

    /// `built` with every file in an owned folder replaced by that folder, once.
    func markerEntries(_ built: some Sequence<String>) -> [String] {
        var entries: [String] = []
        for path in built {
            let entry = ownedFolder(of: path) ?? path
            if entry == path || !entries.contains(entry) { entries.append(entry) }
        }
        return entries
    }

    /// The owned folder `path` lies in, if any.
    func ownedFolder(of path: String) -> String? {
        ownedFolders.first { path.hasPrefix($0) }
    }
}
