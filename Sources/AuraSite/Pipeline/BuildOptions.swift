import AuraPlanner
import Foundation
import SiteEngine

/// What `aura build` reads and where it writes.
public struct BuildOptions: Sendable {
    public var contentDirectory: URL
    public var templatesDirectory: URL
    public var outputDirectory: URL
    /// Replaces `base_url` from `site.yml`, e.g. for a preview at another address.
    public var baseURL: URL?
    /// The person whose planner this is, when several share one `aura serve`: their notifications'
    /// and calendar alarms' links name them (`?profile=`), so a browser signed in as several
    /// people opens each link as the right one.
    public var profile: String?
    /// The settings of `site.yml`, when the caller has read them already (a server reads them
    /// once per change of the file); nil reads the file.
    public var configuration: SiteConfiguration?
    /// The planner as the caller read it (`PlannerState`, one consistent value), when it has;
    /// nil reads the planner's files.
    public var planner: PlannerState?
    /// Where every folder above is: the disk, or memory in tests.
    var fileSystem: FileSystem
    /// Where `site.yml`'s `private: passphrase_env` is looked up.
    var environment: [String: String]

    public init(
        contentDirectory: URL, templatesDirectory: URL, outputDirectory: URL, baseURL: URL? = nil,
        fileSystem: FileSystem = .disk, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.fileSystem = fileSystem
        self.environment = environment
    }

    /// The folders as the engine takes them.
    var sources: SiteSources {
        SiteSources(
            contentDirectory: contentDirectory, templatesDirectory: templatesDirectory,
            outputDirectory: outputDirectory, baseURL: baseURL, fileSystem: fileSystem)
    }
}
