import Diagnostics
import Foundation
import Mustache
import Platform

extension Theme {
    /// Renders `page` as the bytes of its file; a template error names the template file, line
    /// and column.
    package func render(_ page: Page) throws -> Data {
        do {
            return try templates.renderData(page.template, try page.context())
        } catch let error as MustacheError where error.line == 0 {
            throw SiteError(message: "\(displayPath(directory)): \(error.message)")
        } catch let error as MustacheError {
            throw Theme.locate(error, in: directory)
        }
    }

    /// Every page's problem in rendering, and with `strict` every name a template looks up that
    /// no page's view model had.
    func problems(rendering pages: PageList, strict: Bool) -> [String] {
        var problems: [String] = []
        var lookups = NameLookups()
        for page in pages {
            do {
                _ = try render(page)
                if strict, let context = try? page.context() {
                    _ = try? templates.render(page.template, context, recordingLookupsIn: &lookups)
                }
            } catch {
                problems += problemLines(error)
            }
        }
        return problems + lookups.neverFound.map { Theme.locate($0, in: directory).description }
    }
}

extension BuildOutput {
    /// Renders and writes each page, or carries the previous build's file over when the page's
    /// key (its template's key and its view model's inputs) is the one the previous build
    /// recorded for it and the file still bears the stamp recorded when it was written. Every
    /// page's key is looked up first, on every core, and the files that may stand are checked
    /// in one batch; only the pages left over are rendered, a bounded number at a time, each
    /// written as soon as it is done. Each page's record goes into `thisBuild` as soon as it
    /// stands or is written: a large site's records, held twice over, would take megabytes.
    mutating func render(
        _ pages: PageList, with theme: Theme, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws {
        typealias Looked = (outputFile: String, key: SHA256Digest, mayStand: Bool)
        let previous = previousBuild
        let templateKeys = theme.templateKeys
        let looked = try [Result<Looked, any Error>](concurrentlyMapping: pages.count) { index in
            Result {
                let page = pages[index]
                let key = try BuildManifest.key(of: page, template: templateKeys[page.template] ?? "-")
                return (page.outputFile, key, previous[page.outputFile]?.key == key)
            }
        }.map { try $0.get() }
        // Grown once rather than doubling as pages are recorded; a rebuild that took the previous
        // build's files holds these pages' records already.
        if thisBuild.count < pages.count { thisBuild.reserveCapacity(thisBuild.count + pages.count) }
        // The pages whose key is the one recorded stand if their files are as written.
        let unchanged = looked.indices.filter { looked[$0].mayStand }
        let recorded = unchanged.map { previous[looked[$0].outputFile]! }
        let carried = output?.reuse(zip(unchanged, recorded).map { (looked[$0].outputFile, $1.stamp) }) ?? []
        var stands = [Bool](repeating: false, count: pages.count)
        for ((index, record), isCarried) in zip(zip(unchanged, recorded), carried) where isCarried {
            thisBuild[looked[index].outputFile] = record
            stands[index] = true
        }
        let waiting = stands.indices.filter { !stands[$0] }
        var done = pages.count - waiting.count
        progress(.pages(rendered: done, of: pages.count))
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let output = output
        try await withThrowingTaskGroup(of: (Int, BuildManifest.Record).self) { group in
            var next = 0
            func startNext() {
                let index = waiting[next]
                // The path the record is keyed by, so that the output's list of written files
                // shares its string rather than holding another (one per page).
                let (outputFile, key) = (looked[index].outputFile, looked[index].key)
                next += 1
                group.addTask {
                    let page = pages[index]
                    let data = try theme.render(page)
                    let stamp = try output?.write(data, outputFile) ?? .missing
                    return (index, BuildManifest.Record(key: key, digest: Fingerprint.sha256(data), stamp: stamp))
                }
            }
            while next < min(width, waiting.count) { startNext() }
            while let (index, record) = try await group.next() {
                thisBuild[looked[index].outputFile] = record
                done += 1
                progress(.pages(rendered: done, of: pages.count))
                if next < waiting.count { startNext() }
            }
        }
    }
}
