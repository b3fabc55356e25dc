import AuraSite
import Diagnostics
import Foundation
import SiteDeploy
import SiteEngine
import Synchronization

/// `aura deploy`: publishes the built site to an object store or through rsync, sending only
/// what changed (docs/guide/deploy.md).
struct DeployCommand: Command {
    static let defaultMaximumDeletions = 256

    let spec = CommandSpec(
        name: "deploy",
        summary: "Publish the built site (Public/) to an S3-compatible store or through rsync; only changes are sent.",
        arguments: "[options] [TARGET]",
        options: [
            SiteFolders.content, SiteFolders.output,
            .value("--endpoint", "URL", "the S3-compatible store's address (path-style requests)"),
            .value("--region", "NAME", "the region requests are signed for (default: us-east-1)"),
            .flag("--dry-run", "list what would be sent and deleted; change nothing"),
            .value("--max-deletes", "N", "stop before changing anything if more files would be deleted (default 256)"),
            .flag("--force", "delete however many files the site no longer has"),
            .flag("--quiet", "print nothing but errors")
        ],
        positionalCount: 0...1)

    func run(_ arguments: ParsedArguments, in terminal: Terminal) async throws -> Int32 {
        let folders = SiteFolders(arguments, in: terminal).buildOptions
        let settings = try DeploySettings(try SettingsFile.load(contentDirectory: folders.contentDirectory))
        let target = try target(arguments, settings)
        let maximum = try maximumDeletions(arguments)
        let store: any DeployStore
        switch target {
        case .objectStore(let location):
            let home = URL(fileURLWithPath: terminal.environment["HOME"] ?? NSHomeDirectory())
            let credentials = try StoreCredentials(environment: terminal.environment, home: home)
            store = ObjectStore(location, credentials: credentials, environment: terminal.environment)
        case .rsync(let destination):
            store = RsyncStore(
                destination.hasPrefix("/") || !destination.contains(":")
                    ? terminal.url(for: destination).path : destination)
        }
        let deployer = Deployer(
            store: store, root: folders.outputDirectory, rules: settings.rules, maximumDeletions: maximum,
            force: arguments.flag("--force"))
        let quiet = arguments.flag("--quiet")
        let clock = ContinuousClock()
        let start = clock.now
        let site = try SiteFile.scan(folders.outputDirectory) {
            settings.deploys($0, isPersonal: PersonalPaths.holdsTheDay)
        }
        let plan = try deployer.plan(site)
        if arguments.flag("--dry-run") {
            for upload in plan.uploads { terminal.print("send    \(terminalText(upload.file.path))") }
            for path in plan.deletions { terminal.print("delete  \(terminalText(path))") }
            for path in plan.retiring { terminal.print("retire  \(terminalText(path)) (deleted by the next deploy)") }
            terminal.print(
                "Dry run for \(terminalText(target.display)): \(plan.uploads.count) to send (\(bytes(plan.bytes))), "
                    + "\(plan.unchanged) unchanged, \(plan.deletions.count) to delete; nothing was changed.")
            do {
                try plan.checkDeletions(maximum: maximum, force: arguments.flag("--force"))
            } catch {
                terminal.print("note: \(error)")
            }
            return 0
        }
        let progress = ProgressLine(terminal: terminal, enabled: !quiet && terminal.isInteractive)
        let count = Mutex(0)
        do {
            defer { progress.finish() }
            try deployer.run(plan) { upload in
                let sent = count.withLock { count in
                    count += 1
                    return count
                }
                progress.show("Deploying \(sent)/\(plan.uploads.count) \(terminalText(upload.file.path))")
            }
        }
        if !quiet {
            terminal.print(
                "Deployed to \(terminalText(target.display)) in \(start.duration(to: clock.now).milliseconds) ms: "
                    + "\(plan.uploads.count) sent (\(bytes(plan.bytes))), \(plan.unchanged) unchanged, "
                    + "\(plan.deletions.count) deleted"
                    + (plan.retiring.isEmpty ? "" : ", \(plan.retiring.count) retired assets kept one more deploy")
                    + ".")
        }
        return 0
    }

    /// The target: a name from `site.yml` or an address on the command line, else the default;
    /// `--endpoint` and `--region` override an object store's.
    private func target(_ arguments: ParsedArguments, _ settings: DeploySettings) throws -> DeployTarget {
        var target: DeployTarget
        if let given = arguments.positionals.first, let named = settings.target(named: given) {
            target = named.target
        } else if let given = arguments.positionals.first {
            guard given.hasPrefix("s3://") || given.contains("/") || given.contains(":") else {
                throw UsageError(
                    "no deploy target is named '\(terminalText(given))' in site.yml; "
                        + "give a name from deploy: targets, s3://bucket/folder, a folder or user@host:path",
                    spec: spec)
            }
            switch DeployTarget.parse(given) {
            case .success(let parsed): target = parsed
            case .failure(let error): throw UsageError(error.description, spec: spec)
            }
        } else if let named = settings.target(named: nil) {
            target = named.target
        } else {
            throw UsageError("no target given, and site.yml has no deploy: targets", spec: spec)
        }
        let endpoint = arguments.value("--endpoint")
        let region = arguments.value("--region")
        guard case .objectStore(var location) = target else {
            if endpoint != nil || region != nil {
                throw UsageError("--endpoint and --region are for an s3:// target only", spec: spec)
            }
            return target
        }
        if let endpoint {
            guard let url = ObjectStoreLocation.endpoint(endpoint) else {
                throw UsageError(
                    "--endpoint '\(terminalText(endpoint))' is not an address such as https://s3.example.org",
                    spec: spec)
            }
            location.endpoint = url
        }
        location.region = region ?? location.region
        target = .objectStore(location)
        return target
    }

    private func maximumDeletions(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("--max-deletes") else { return Self.defaultMaximumDeletions }
        guard let value = Int(text), value >= 0 else {
            throw UsageError(
                "--max-deletes expects a whole number of 0 or more, got '\(terminalText(text))'", spec: spec)
        }
        return value
    }

    private func bytes(_ count: Int) -> String { "\(count) bytes" }
}
