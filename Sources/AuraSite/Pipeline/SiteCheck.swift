import Foundation
import Mustache

extension SiteBuilder {
    /// Validates settings, theme and content and renders every page in memory, writing
    /// nothing. Returns every problem found, in every file, not just the first. `strict` also
    /// reports every name a page template looks up that no page's view model ever had.
    public func check(strict: Bool = false) async -> (pageCount: Int, problems: [String]) {
        var problems: [String] = []
        func attempt<T>(_ work: () throws -> T) -> T? {
            do { return try work() } catch {
                problems += problemLines(error)
                return nil
            }
        }
        let configuration = attempt { try SiteConfiguration.load(contentDirectory: options.contentDirectory) }
        let theme = attempt { try Theme.load(from: options.templatesDirectory) }
        let root = configuration.map { PageFactory.root(of: options.baseURL ?? $0.baseURL) } ?? "/"
        let content = attempt { try SiteContent.load(contentDirectory: options.contentDirectory, root: root) }
        guard var configuration, let theme, let content,
              let assets = attempt({ try AssetBundle(theme: theme, root: root) }) else {
            return (0, problems)
        }
        if let baseURL = options.baseURL { configuration.baseURL = baseURL }
        guard let (factory, pages) = attempt({ try assemble(configuration: configuration, assets: assets, tokens: theme.tokens, content: content) }) else {
            return (0, problems)
        }
        var lookups = NameLookups()
        for page in pages {
            if attempt({ try Self.render(page, with: theme.templates, templatesDirectory: options.templatesDirectory) }) != nil, strict {
                _ = try? theme.templates.render(page.template, page.context, recordingLookupsIn: &lookups)
            }
        }
        problems += lookups.neverFound.map { Theme.locate($0, in: options.templatesDirectory).description }
        let siteFiles = SiteFiles(factory: factory, pages: pages, tokens: theme.tokens, content: content)
        _ = attempt { try siteFiles.render(with: theme.templates) }
        _ = attempt { try siteFiles.serviceWorker(version: "check", with: theme.templates) }
        return (pages.count, problems)
    }
}
