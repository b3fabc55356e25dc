import Diagnostics
import Foundation
import Mustache
import Platform
import SiteEngine

/// Builds the whole site by running `steps` in order; each step's name is shown as progress
/// and attached to any error it raises.
public struct SiteBuilder: Sendable {
    let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// The header's destinations: the planner's pages once there is a plan, the docs when the
    /// site has them.
    static func navigation(for content: SiteContent) -> [(title: String, path: String)] {
        let planned = content.planner.snapshot != nil
        return [(title: "Home", path: "/"), (title: "Today", path: "/dashboard/")]
            + (planned ? [(title: "Schedule", path: "/schedule/"), (title: "Week", path: "/week/")] : [])
            + [(title: "Culture", path: "/culture/"), (title: "Design", path: "/design/")]
            + (content.docs == nil ? [] : [(title: "Docs", path: DocsSection.path)])
    }

    /// Runs every step and replaces the output folder only if all of them succeed.
    /// `waiting` hears once, after a second, that another build of the same output holds it up.
    public func build(
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> BuildReport {
        let look: (unchanged: BuildReport?, previous: BuildManifest?)
        var inputs: InputStamps?
        (look, inputs) = try await lookAtPreviousBuild(waiting: waiting)
        if let report = look.unchanged { return report }
        var state = BuildState(options: options, mode: .build(waiting: waiting), progress: progress)
        // Read before the output is taken: nothing in it is trusted without checking a stamp (an
        // entry's file, a page's file), so a build that replaced the site meanwhile only costs
        // rendering again.
        state.previousBuild =
            look.previous ?? BuildManifest(of: options.outputDirectory, fileSystem: options.fileSystem)
        state.thisBuild.inputs = inputs?.digest
        state.thisBuild.inputsBesidesCulture = inputs?.besidesCulture
        // Held by the state alone, which lets them go once the content is loaded.
        state.inputs = inputs.take()
        try await run(&state)
        let report = BuildReport(
            pageCount: (state.pages?.count ?? 0) + state.standing.count, fileCount: state.thisBuild.count,
            notices: state.notices)
        // Freeing a large site's state (a few hundred thousand small objects) takes tens of
        // milliseconds that nobody needs to wait for.
        Task.detached(priority: .background) { [state] in _ = state }
        return report
    }

    /// Runs every step on `state`, which the output's commit ends; on an error, what was
    /// written is discarded.
    func run(_ state: inout BuildState) async throws {
        for (index, step) in Self.steps.enumerated() {
            state.progress(.stage(number: index + 1, of: Self.steps.count, name: step.name))
            PausePoint.reached("build: \(step.name)")
            do {
                try await step.run(&state)
            } catch {
                state.output?.discard()
                throw BuildError(step: step.name, underlying: error)
            }
        }
    }

    /// What `UnchangedSite.report` finds, and the inputs' stamps, taken while the previous
    /// build's record is read.
    private func lookAtPreviousBuild(waiting: @escaping @Sendable (String) -> Void) async throws
        -> (look: (unchanged: BuildReport?, previous: BuildManifest?), inputs: InputStamps?)
    {
        let stamping = Task { [options] in UnchangedSite.inputs(of: options) }
        let look = try await UnchangedSite.report(options, inputs: { await stamping.value?.digest }, waiting: waiting)
        return (look, await stamping.value)
    }

    /// Renders `page`; a template error names the template file, line and column.
    static func render(_ page: Page, with templates: TemplateLibrary, templatesDirectory: URL) throws -> String {
        do {
            return try templates.render(page.template, try page.context())
        } catch let error as MustacheError where error.line == 0 {
            throw SiteError(message: "\(displayPath(templatesDirectory)): \(error.message)")
        } catch let error as MustacheError {
            throw Theme.locate(error, in: templatesDirectory)
        }
    }
}
