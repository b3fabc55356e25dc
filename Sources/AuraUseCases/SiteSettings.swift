import AuraSite
import Foundation
import SiteEngine

/// A content folder's `site.yml`, parsed once for as long as the file keeps its stamp: a server
/// answers every request and builds every change with the settings it read when the file last
/// changed, and a person's folder, whose `site.yml` links to the shared one, shares them.
public enum SiteSettings {
    /// Each `site.yml` read, by the path it resolves to.
    private static let read = StampedInputs<SiteConfiguration>()

    /// The settings of `site.yml` in `content`; errors name the file, line and column.
    public static func current(in content: URL) throws -> SiteConfiguration {
        let url = content.appendingPathComponent(SiteConfiguration.fileName)
        let path = url.resolvingSymlinksInPath().path
        return try read.value(path, paths: [path], in: .disk) { try SiteConfiguration.load(contentDirectory: content) }
    }
}
