import AuraSite
import Foundation
import Platform
import Synchronization

/// A content folder's `site.yml`, parsed once for as long as the file keeps its stamp: a server
/// answers every request and builds every change with the settings it read when the file last
/// changed, and a person's folder, whose `site.yml` links to the shared one, shares them.
public enum SiteSettings {
    /// Each `site.yml` read, by the path it resolves to, with the stamp it had then.
    private static let read = Mutex<[String: (stamp: FileStamp, settings: SiteConfiguration)]>([:])

    /// The settings of `site.yml` in `content`; errors name the file, line and column.
    public static func current(in content: URL) throws -> SiteConfiguration {
        let url = content.appendingPathComponent(SiteConfiguration.fileName)
        let path = url.resolvingSymlinksInPath().path
        var status = stat()
        let stamp = stat(path, &status) == 0 ? FileStamp(status, withChangeTime: true) : nil
        if let stamp, let cached = read.withLock({ $0[path] }), cached.stamp == stamp { return cached.settings }
        let settings = try SiteConfiguration.load(contentDirectory: content)
        if let stamp { read.withLock { $0[path] = (stamp, settings) } }
        return settings
    }
}
