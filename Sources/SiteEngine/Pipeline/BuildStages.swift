import Foundation
import Platform

/// The stages of a build, in the order they run. Each takes what the stages before it made
/// and hands on its own value: `LoadedSite`, then `AssembledSite`, then the files written.
package enum BuildStage: CaseIterable, Sendable {
    case readSettings, openOutput, parseTheme, loadContent, bundleAssets, prepare, assemble, finish
    case writeAssets, renderFiles, renderPages, renderVersionedFile, publish

    /// The engine's name for the stage, unless the site names it (`SiteDefinition.name(of:)`).
    package var name: String {
        switch self {
        case .readSettings: "Read site settings"
        case .openOutput: "Open output folder"
        case .parseTheme: "Parse templates and design tokens"
        case .loadContent: "Load content"
        case .bundleAssets: "Bundle stylesheet, scripts, fonts and icons"
        case .prepare: "Prepare the pages"
        case .assemble: "Assemble pages"
        case .finish: "Finish the pages"
        case .writeAssets: "Write assets"
        case .renderFiles: "Render files besides the pages"
        case .renderPages: "Render pages"
        case .renderVersionedFile: "Render the versioned file"
        case .publish: "Publish output folder"
        }
    }
}

/// A site with its settings, theme, content and assets loaded: what every page is made from.
package struct LoadedSite<Site: SiteDefinition>: Sendable {
    package let settings: Site.Settings
    package let theme: Theme
    package let content: Site.Content
    package let assets: AssetBundle

    /// The site's path prefix (`/` or `/aura/`).
    package var root: String { BaseURL.root(of: settings.baseURL) }
}

/// A loaded site with its pages assembled: ready to render, to a folder or per request.
package struct AssembledSite<Site: SiteDefinition>: Sendable {
    package let loaded: LoadedSite<Site>
    package let preparation: Site.Preparation
    package let assembly: Site.Assembly
    /// The pages to render or carry over.
    package internal(set) var pages: PageList
    /// The pages that stand as the previous build made them.
    package internal(set) var standing: [StandingPage]

    package var theme: Theme { loaded.theme }
    package var content: Site.Content { loaded.content }
}

/// Where a build's files go, with what the previous build made them from and what this one
/// records of each.
package struct BuildOutput: Sendable {
    /// Nil when checking: nothing is written.
    package var output: SiteOutput?
    /// What the previous build in the output folder made its files from (empty when checking).
    package var previousBuild = BuildManifest()
    /// What this build made its files from.
    package var thisBuild = BuildManifest()

    /// Writes `data` at `path` and records it.
    package mutating func write(_ data: Data, to path: String) throws {
        let stamp = try output?.write(data, path) ?? .missing
        thisBuild[path] = BuildManifest.Record(key: nil, digest: Fingerprint.sha256(data), stamp: stamp)
    }

    /// Carries the previous build's files at `paths` over when every one of them still bears
    /// its recorded stamp; false, carrying none, otherwise.
    mutating func carry(_ paths: [String]) -> Bool {
        let records = paths.compactMap { previousBuild[$0] }
        guard let output, records.count == paths.count,
            !output.reuse(zip(paths, records).map { ($0, $1.stamp) }).contains(false)
        else { return false }
        for (path, record) in zip(paths, records) { thisBuild[path] = record }
        return true
    }

    /// Which of `standing` still bear the stamps the previous build recorded, looked at in
    /// one batch: the paths of those that do not.
    func changed(_ standing: [StandingPage]) -> Set<String> {
        let records = standing.map { previousBuild[$0.outputFile] }
        let recorded = standing.indices.filter { records[$0] != nil }
        let carried = output?.reuse(recorded.map { (standing[$0].outputFile, records[$0]!.stamp) }) ?? []
        var stands = [Bool](repeating: false, count: standing.count)
        for (index, isCarried) in zip(recorded, carried) where isCarried { stands[index] = true }
        return Set(standing.indices.filter { !stands[$0] }.map { standing[$0].outputFile })
    }
}
