import Foundation
import Mustache

/// Builds the whole site. The steps run in the order listed in `build`; each one's name is
/// shown as progress and attached to any error it raises.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Every page of a site whose settings, assets and content are loaded.
    func assemble(configuration: SiteConfiguration, assets: AssetBundle, tokens: DesignTokens,
               content: SiteContent) throws -> (PageFactory, [Page]) {
        let factory = PageFactory(configuration: configuration, assets: assets, navigation: Self.navigation(for: content))
        return (factory, try SitePages(factory: factory, tokens: tokens, content: content, contentDirectory: options.contentDirectory).all)
    }

    /// The header's destinations: the planner's pages once there is a plan.
    static func navigation(for content: SiteContent) -> [(title: String, path: String)] {
        let planned = content.planner.snapshot != nil
        return [(title: "Home", path: "/"), (title: "Today", path: "/dashboard/")]
            + (planned ? [(title: "Schedule", path: "/schedule/"), (title: "Week", path: "/week/")] : [])
            + [(title: "Culture", path: "/culture/"), (title: "Design", path: "/design/")]
    }

    /// Runs every step and replaces the output folder only if all of them succeed.
    /// `waiting` hears once, after a second, that another build of the same output holds it up.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
                      waiting: @escaping @Sendable (String) -> Void = { _ in }) async throws -> BuildReport {
        let steps = ["Read site settings", "Load theme", "Bundle assets", "Load content", "Render pages", "Write site files", "Publish"]
        var stepNumber = 0
        func step<T>(_ work: () async throws -> T) async throws -> T {
            stepNumber += 1
            let name = steps[stepNumber - 1]
            progress(.stage(number: stepNumber, of: steps.count, name: name))
            do { return try await work() } catch { throw BuildError(step: name, underlying: error) }
        }

        var configuration = try await step { try SiteConfiguration.load(contentDirectory: options.contentDirectory) }
        if let baseURL = options.baseURL { configuration.baseURL = baseURL }
        let theme = try await step { try Theme.load(from: options.templatesDirectory) }
        let root = PageFactory.root(of: configuration.baseURL)
        let assets = try await step { try AssetBundle(theme: theme, root: root) }
        let (content, factory, pages) = try await step {
            let content = try SiteContent.load(contentDirectory: options.contentDirectory, root: root)
            let (factory, pages) = try assemble(configuration: configuration, assets: assets, tokens: theme.tokens, content: content)
            return (content, factory, pages)
        }

        let outputName = ContentFile.displayPath(options.outputDirectory)
        let output = try OutputDirectory(destination: options.outputDirectory, keep: configuration.keep) {
            waiting("waiting for another build of \(outputName) to finish …")
        }
        do {
            var digests = try await step {
                for file in assets.files { try output.write(file.data, to: file.path) }
                return try await render(pages, with: theme.templates, into: output, progress: progress)
                    .merging(assets.files.map { ($0.path, Fingerprint.sha256Hex($0.data)) }) { first, _ in first }
            }
            let siteFiles = try await step {
                let siteFiles = SiteFiles(factory: factory, pages: pages, tokens: theme.tokens, content: content)
                var files = try siteFiles.render(with: theme.templates)
                for file in files {
                    try output.write(file.data, to: file.path)
                    digests[file.path] = Fingerprint.sha256Hex(file.data)
                }
                // The worker's version sums up every other file, so any change to the site installs a new one.
                let version = Fingerprint.short(Array(digests.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined().utf8))
                files.append(("sw.js", try siteFiles.serviceWorker(version: version, with: theme.templates)))
                try output.write(files.last!.data, to: "sw.js")
                return files
            }
            try await step { try output.commit() }
            return BuildReport(pageCount: pages.count, fileCount: assets.files.count + pages.count + siteFiles.count)
        } catch {
            output.discard()
            throw error
        }
    }

    /// Renders pages concurrently, a bounded number at a time, writing each as soon as it is
    /// done; returns each page's SHA-256 by output path.
    private func render(_ pages: [Page], with templates: TemplateLibrary, into output: OutputDirectory,
                        progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> [String: String] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let templatesDirectory = options.templatesDirectory
        return try await withThrowingTaskGroup(of: (String, String).self) { group in
            var next = 0
            var digests: [String: String] = [:]
            func startNext() {
                let page = pages[next]
                next += 1
                group.addTask {
                    let data = Data(try Self.render(page, with: templates, templatesDirectory: templatesDirectory).utf8)
                    try output.write(data, to: page.outputFile)
                    return (page.outputFile, Fingerprint.sha256Hex(data))
                }
            }
            while next < min(width, pages.count) { startNext() }
            while let (path, digest) = try await group.next() {
                digests[path] = digest
                progress(.pages(rendered: digests.count, of: pages.count))
                if next < pages.count { startNext() }
            }
            return digests
        }
    }

    static func render(_ page: Page, with templates: TemplateLibrary, templatesDirectory: URL) throws -> String {
        do {
            return try templates.render(page.template, page.context)
        } catch let error as MustacheError where error.line == 0 {
            throw SiteError(message: "\(ContentFile.displayPath(templatesDirectory)): \(error.message)")
        } catch let error as MustacheError {
            throw SourceError(file: ContentFile.displayPath(templatesDirectory.appendingPathComponent(error.file)),
                              line: error.line, column: error.column, message: error.message)
        }
    }
}
